import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Stands in for `@mermaid-js/layout-elk`: no extra layouts to register. */
const NO_EXTRA_LAYOUTS = path.join(__dirname, 'noExtraLayouts.js');
/** What the diagrams import as `mermaid` in the browser, and on the server (never called there). */
const PREBUILT_MERMAID = path.join(__dirname, 'client', 'prebuiltMermaid.js');
const NO_MERMAID_ON_SERVER = path.join(__dirname, 'noMermaidOnServer.js');

/** Mermaid's own browser build: one entry module and the chunks it imports by relative path. */
const MERMAID_DIST = path.dirname(require.resolve('mermaid/package.json'));
const MERMAID_ENTRY = 'mermaid.esm.min.mjs';
const MERMAID_CHUNKS = path.join('chunks', 'mermaid.esm.min');

function mermaidVersion(): string {
  return (JSON.parse(readFileSync(path.join(MERMAID_DIST, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the site serves Mermaid's browser build, below its base URL (versioned: a new Mermaid, a new path). */
export function prebuiltMermaidPath(): string {
  return `vendor/mermaid-${mermaidVersion()}`;
}

/**
 * Copies Mermaid's prebuilt browser build (its minified ES modules, without source maps) into a
 * folder that `docusaurus.config.ts` adds to `staticDirectories`, and returns that folder (relative to
 * the site), for `npm start` and builds alike.
 */
export function writePrebuiltMermaid(siteDir: string): string {
  const relative = path.join('node_modules', '.cache', 'prebuilt-mermaid');
  const target = path.join(siteDir, relative, prebuiltMermaidPath());
  if (!existsSync(path.join(target, MERMAID_ENTRY))) {
    rmSync(path.join(siteDir, relative), { recursive: true, force: true });
    mkdirSync(path.join(target, MERMAID_CHUNKS), { recursive: true });
    cpSync(path.join(MERMAID_DIST, 'dist', MERMAID_ENTRY), path.join(target, MERMAID_ENTRY));
    for (const name of readdirSync(path.join(MERMAID_DIST, 'dist', MERMAID_CHUNKS))) {
      if (name.endsWith('.mjs')) {
        cpSync(path.join(MERMAID_DIST, 'dist', MERMAID_CHUNKS, name), path.join(target, MERMAID_CHUNKS, name));
      }
    }
  }
  return relative;
}

/**
 * Mermaid as its own prebuilt browser build, not bundled by the site. `@docusaurus/theme-mermaid`
 * imports `mermaid` when a page first draws a diagram; bundling it (d3, dagre, cytoscape, katex,
 * langium and the rest) was most of every build's bundling time. The import resolves instead to a
 * module that loads Mermaid's own minified ES modules from the site (`writePrebuiltMermaid`), the
 * same code, downloaded as lazily. The theme's optional ELK layout import resolves to "no extra
 * layouts": no diagram uses `layout: elk`, and elkjs alone is 1.4 MB.
 */
export default function mermaidPlugin(context: LoadContext): Plugin<unknown> {
  const moduleUrl = `${context.baseUrl}${prebuiltMermaidPath()}/${MERMAID_ENTRY}`;
  return {
    name: 'prebuilt-mermaid',
    configureWebpack(_config, isServer, utils) {
      return {
        resolve: {
          alias: {
            '@mermaid-js/layout-elk': NO_EXTRA_LAYOUTS,
            mermaid$: isServer ? NO_MERMAID_ON_SERVER : PREBUILT_MERMAID,
          },
        },
        plugins: [
          new utils.currentBundler.instance.DefinePlugin({ __PREBUILT_MERMAID_URL__: JSON.stringify(moduleUrl) }),
        ],
      };
    },
  };
}
