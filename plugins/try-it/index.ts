import type { Plugin } from '@docusaurus/types';
import { API_NAMES, bundleDescriptions, isObject, operationsOf } from '../../openapi/descriptions';
import { tryItModule } from './tryItOperation';

/** The plugin's name: its modules are under `.docusaurus/try-it/default/`, protected like the docs. */
export const TRY_IT_PLUGIN_NAME = 'try-it';

/**
 * Writes one module per operation of the four descriptions for the Try it panel
 * (`@generated/try-it/default/<operationId>.js`, see `tryItOperation.ts`). Each becomes its own chunk,
 * downloaded when a reader opens the panel of that operation; the protected-content plugin protects them.
 */
export default function tryItPlugin(): Plugin<unknown> {
  return {
    name: TRY_IT_PLUGIN_NAME,
    async loadContent() {
      const { dereferenced } = await bundleDescriptions();
      const modules: Record<string, string> = {};
      for (const api of API_NAMES) {
        const description = dereferenced[api];
        const servers = Array.isArray(description.servers) ? description.servers.filter(isObject) : [];
        const serverUrl = String(servers[0]?.url ?? '');
        for (const operation of operationsOf(api, description)) {
          modules[operation.operationId] = tryItModule({ ...operation, serverUrl });
        }
      }
      return modules;
    },
    async contentLoaded({ content, actions }) {
      const modules = content as Record<string, string>;
      await Promise.all(
        Object.entries(modules).map(([operationId, code]) => actions.createData(`${operationId}.js`, code)),
      );
    },
  };
}
