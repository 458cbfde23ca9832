/**
 * Reads the signed-in developer's sandbox client id from the claims. Apart from `./personalValues`, the samples'
 * substitution, because only the sign-in engine (loaded on demand) needs it.
 */
import { CLIENT_ID } from './sandboxClientIdPattern';

type Claims = Readonly<Record<string, unknown>>;

/** The first well-formed sandbox client id among the claim sets (userinfo first, then the ID token). */
export function sandboxClientIdOf(
  claimName: string,
  ...claimSets: readonly (Claims | undefined)[]
): string | undefined {
  for (const claims of claimSets) {
    const value = claims?.[claimName];
    if (typeof value === 'string' && CLIENT_ID.test(value)) return value;
  }
  return undefined;
}
