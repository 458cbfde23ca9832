/** The Try it modules of the descriptions' operations, for the panel's unit tests. */
import { loadBundled, loadDereferenced, operationsOf } from '@site/openapi/descriptions';
import { tryItModule } from '@site/plugins/try-it/tryItOperation';
import type { TryItModule } from '@site/contracts/tryIt/operation';

/** The operation's module as plugins/try-it writes it, run as the browser bundle runs it. */
export function moduleOf(api: 'orders' | 'accounts', operationId: string): TryItModule {
  const operation = operationsOf(api, loadDereferenced(api)).find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no ${operationId}`);
  const module = { exports: {} as TryItModule };
  const code = tryItModule(
    { ...operation, serverUrl: 'https://sandbox.api.clearing.example/v1' },
    loadBundled(api, { dereferenced: false }),
  );
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}
