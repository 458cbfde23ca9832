import { useAuth } from './AuthProvider';

/**
 * The signed-in developer's sandbox client id, or undefined. Undefined on the server and in the first browser
 * frame too (the sign-in state is known only after hydration), so the built HTML keeps the placeholder.
 */
export default function useSandboxClientId(): string | undefined {
  const { status, user } = useAuth();
  return status === 'authenticated' ? user?.sandboxClientId : undefined;
}
