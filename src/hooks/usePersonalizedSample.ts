import { useEffect, useState } from 'react';
import type { personalizedSample } from '@site/src/auth/personalValues';
import useSandboxClientId from '@site/src/auth/useSandboxClientId';

type Substitute = typeof personalizedSample;

/** The substitution, once downloaded: shared by every sample of every page after that. */
let loaded: Substitute | undefined;
let loading: Promise<Substitute> | undefined;

const loadSubstitute = () =>
  (loading ??= import('@site/src/auth/personalValues').then(
    (module) => (loaded = module.personalizedSample),
    (error: unknown) => {
      // Tried again by the next sample that asks; meanwhile the placeholder stays.
      loading = undefined;
      throw error;
    },
  ));

/**
 * A request sample with the signed-in developer's sandbox client id in place of its placeholders
 * (`src/auth/personalValues.ts`). The substitution code downloads only when there is a client id: most readers
 * have none, and nobody has one in the first frame, so a docs page's first-load JavaScript does not carry it and
 * the built HTML keeps the placeholder. Anything but a string (or while the code downloads) comes back as it is.
 */
export default function usePersonalizedSample<T>(code: T): T | string {
  const clientId = useSandboxClientId();
  const [substitute, setSubstitute] = useState<Substitute | undefined>(() => loaded);
  const wanted = clientId !== undefined && typeof code === 'string';
  useEffect(() => {
    if (!wanted || substitute) return undefined;
    let current = true;
    loadSubstitute().then(
      (loadedSubstitute) => {
        if (current) setSubstitute(() => loadedSubstitute);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, substitute]);
  return wanted && substitute ? substitute(code as string, clientId) : code;
}
