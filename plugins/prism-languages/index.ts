import type { Plugin } from '@docusaurus/types';
import type { Code, Nodes, Root } from 'mdast';
import getLoader, { type Components } from 'prismjs/dependencies';
import components from 'prismjs/components.json';
import { prismGrammarNames } from '../lib/prismGrammars';

/** Code block languages that are not Prism's: `@docusaurus/theme-mermaid` draws these. */
const DRAWN_LANGUAGES = new Set(['mermaid']);

/** prism-react-renderer's bundle (ESM and CommonJS builds): its own languages are cut out (`withoutBundledLanguages.js`). */
const PRISM_REACT_RENDERER_BUNDLE = /[\\/]prism-react-renderer[\\/]dist[\\/]index\.m?js$/;

/**
 * The prismjs components to load for `languages`, each after the components it requires or extends when present
 * (prismjs's own dependency order): what `themeConfig.prism.additionalLanguages` takes.
 */
export function prismComponents(languages: readonly string[]): string[] {
  // components.json's `meta` entries are outside the loader's type; the loader skips them.
  return getLoader(components as unknown as Components, languages).getIds();
}

/**
 * Every name a code block can use to get one of `languages` highlighted (ids and aliases, and Prism's plain text
 * names), read from a Prism core with exactly those components loaded, as in the browser.
 */
export function highlightedLanguageNames(languages: readonly string[]): ReadonlySet<string> {
  const files = ['core', ...prismComponents(languages)].map((id) =>
    require.resolve(`prismjs/components/prism-${id}.js`),
  );
  return prismGrammarNames(files);
}

/** Why a code block's language cannot be highlighted, or null when it can (or the block names none). */
export function unknownLanguageMessage(language: string | null | undefined, known: ReadonlySet<string>): string | null {
  if (!language || known.has(language) || DRAWN_LANGUAGES.has(language)) return null;
  return (
    `The code block's language "${language}" is not highlighted on this site. Use one of ${[...known].sort().join(', ')}, ` +
    `or add the Prism language id to HIGHLIGHTED_LANGUAGES in config/prismLanguages.ts.`
  );
}

/** A remark plugin that stops the build at a code block whose language the site does not highlight. */
export function remarkHighlightedLanguages({ languages }: { readonly languages: readonly string[] }) {
  const known = highlightedLanguageNames(languages);
  return (tree: Root, file: { fail(reason: string, place: Code): never }) => {
    const check = (node: Nodes) => {
      if (node.type === 'code') {
        const message = unknownLanguageMessage(node.lang, known);
        if (message) file.fail(`Line ${node.position?.start.line ?? '?'}: ${message}`, node);
      }
      if ('children' in node) node.children.forEach(check);
    };
    check(tree);
  };
}

/**
 * Ships only the Prism languages the site uses. prism-react-renderer defines some 40 languages as main.js loads,
 * most of the time main.js took to start on a phone; they are cut out of its bundle, and Docusaurus loads the
 * site's own (`themeConfig.prism.additionalLanguages: prismComponents(HIGHLIGHTED_LANGUAGES)`) from prismjs.
 */
export default function prismLanguagesPlugin(): Plugin<unknown> {
  return {
    name: 'prism-languages',
    configureWebpack() {
      return {
        module: {
          rules: [{ test: PRISM_REACT_RENDERER_BUNDLE, use: [require.resolve('./withoutBundledLanguages.js')] }],
        },
      };
    },
  };
}
