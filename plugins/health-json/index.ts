import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import type { BuildInfo } from '../../config/buildInfo';

/** The file the plugin writes at the build root. */
export const HEALTH_JSON_FILE = 'health.json';

/** The document monitors read at `/health.json`; the `/health` page shows the same facts. */
export function healthDocument(buildInfo: BuildInfo) {
  return { status: 'ok', ...buildInfo } as const;
}

/** A local plugin that writes `/health.json` beside the built pages. */
export default function healthJsonPlugin(buildInfo: BuildInfo) {
  return function healthJson(): Plugin {
    return {
      name: 'health-json',
      async postBuild({ outDir }) {
        const body = `${JSON.stringify(healthDocument(buildInfo), null, 2)}\n`;
        await writeFile(path.join(outDir, HEALTH_JSON_FILE), body, 'utf8');
      },
    };
  };
}
