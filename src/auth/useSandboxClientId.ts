import { useConfirmedSandboxClientId } from './AuthProvider';

/**
 * The signed-in developer's sandbox client id, or undefined. Undefined on the server and in the first browser
 * frame too (the sign-in state is known only after hydration), so the built HTML keeps the placeholder. A
 * component that reads it re-renders only when the id changes, not on every change of the sign-in status.
 */
export default function useSandboxClientId(): string | undefined {
  return useConfirmedSandboxClientId();
}
