import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** Stands in for `@mermaid-js/layout-elk`: no extra layouts to register (see below). */
const NO_EXTRA_LAYOUTS = path.join(__dirname, 'noExtraLayouts.js');

/**
 * Mermaid with its own layouts only. `@docusaurus/theme-mermaid` imports the optional ELK layout
 * package when the diagrams are first drawn, and Rspack resolves that import even where the theme
 * turns it off, so the build fails without the package. No diagram of the site uses
 * `layout: elk`; the package's elkjs is a 1.4 MB script that every build minified for nothing. The
 * import resolves to a module that registers no layouts instead: a diagram asking for ELK falls back
 * to Mermaid's default layout, as it does on any site without the package.
 */
export default function mermaidLayoutsPlugin(): Plugin<unknown> {
  return {
    name: 'mermaid-layouts',
    configureWebpack() {
      return { resolve: { alias: { '@mermaid-js/layout-elk': NO_EXTRA_LAYOUTS } } };
    },
  };
}
