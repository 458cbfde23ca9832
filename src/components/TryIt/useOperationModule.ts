import { useEffect, useState } from 'react';
import type { TryItModule } from '@site/contracts/tryIt/operation';

/**
 * The operation's module, built by plugins/try-it: a standalone ES module behind the gate, imported by the
 * browser itself (webpack leaves the import alone, so the pages' webpack runtime does not list the modules).
 */
export async function importTryItModule(url: string): Promise<TryItModule> {
  const loaded = (await import(/* webpackIgnore: true */ url)) as { default: TryItModule };
  return loaded.default;
}

export const LOAD_FAILED = 'The request form could not be loaded. Reload the page to try again.';

/** The module at `url`, once `load` has it; `error` says why there is none. */
export default function useOperationModule(
  url: string,
  load: (url: string) => Promise<TryItModule> = importTryItModule,
): { readonly module: TryItModule | null; readonly error: string | null } {
  const [loaded, setLoaded] = useState<{ url: string; module: TryItModule } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    load(url).then(
      (module) => current && setLoaded({ url, module }),
      () => current && setFailed(url),
    );
    return () => {
      current = false;
    };
  }, [url, load]);
  return {
    module: loaded?.url === url ? loaded.module : null,
    error: failed === url ? LOAD_FAILED : null,
  };
}
