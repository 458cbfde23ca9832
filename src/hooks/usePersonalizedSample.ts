import { useEffect, useState } from 'react';
import type { personalizedSample } from '@site/src/auth/personalValues';
import useSandboxClientId from '@site/src/auth/useSandboxClientId';

/**
 * A request sample with the signed-in developer's sandbox client id in place of its placeholders
 * (`src/auth/personalValues.ts`). The substitution code downloads only when there is a client id: most readers
 * have none, and nobody has one in the first frame, so a docs page's first-load JavaScript does not carry it and
 * the built HTML keeps the placeholder. Anything but a string (or while the code downloads) comes back as it is;
 * if the download fails, the placeholder stays.
 */
export default function usePersonalizedSample<T>(code: T): T | string {
  const clientId = useSandboxClientId();
  const [substitute, setSubstitute] = useState<typeof personalizedSample>();
  const wanted = clientId !== undefined && typeof code === 'string';
  useEffect(() => {
    // Webpack downloads the module once; later imports resolve at once.
    if (wanted) {
      import('@site/src/auth/personalValues').then(
        (module) => setSubstitute(() => module.personalizedSample),
        () => undefined,
      );
    }
  }, [wanted]);
  return wanted && substitute ? substitute(code as string, clientId) : code;
}
