import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { HIGHLIGHTED_LANGUAGES } from '../../../config/prismLanguages';
import { docsFiles, readPage } from '../../../tests/content/docsPages';
import { highlightedLanguageNames, prismComponents, remarkHighlightedLanguages, unknownLanguageMessage } from '..';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS, as the bundler loads it
const withoutBundledLanguages = require('../withoutBundledLanguages.js') as (this: object, source: string) => string;

interface PrismLike {
  languages: Record<string, unknown>;
}

const BUNDLES = ['index.js', 'index.mjs'].map((name) => require.resolve(`prism-react-renderer/dist/${name}`));
const BUNDLE_ROWS = BUNDLES.map((file) => [path.basename(file), file]);
const strip = (file: string, source = readFileSync(file, 'utf8')) =>
  withoutBundledLanguages.call({ resourcePath: file }, source);

/** The CommonJS bundle after the loader, run as a module: what `<Highlight>` and the theme's Prism set-up get. */
function loadStrippedBundle(): { Prism: PrismLike; Highlight: unknown; themes: Record<string, unknown> } {
  const module = { exports: {} };
  new Function('require', 'module', 'exports', strip(BUNDLES[0]!))(require, module, module.exports);
  return module.exports as ReturnType<typeof loadStrippedBundle>;
}

/** Prism's own registry entries: grammars, not the helpers (`extend`, `insertBefore`, `DFS`). */
const grammars = (prism: PrismLike) =>
  Object.keys(prism.languages).filter((name) => typeof prism.languages[name] === 'object');

describe('withoutBundledLanguages', () => {
  it.each(BUNDLE_ROWS)('cuts the bundled languages out of %s and keeps the rest', (_, file) => {
    const source = readFileSync(file, 'utf8');
    const stripped = strip(file, source);
    expect(source).toContain('Prism.languages.swift');
    expect(stripped).not.toContain('Prism.languages.swift');
    expect(stripped.length).toBeLessThan(source.length * 0.6);
    expect(stripped).toContain('var themes_exports');
    expect(stripped).toContain('useTokenize');
  });

  it('leaves Prism with its plain text only, and the highlighter and themes working', () => {
    const { Prism, Highlight, themes } = loadStrippedBundle();
    expect(grammars(Prism).sort()).toEqual(['plain', 'plaintext', 'text', 'txt']);
    expect(typeof Highlight).toBe('function');
    expect(themes.vsLight).toBeDefined();
  });

  it('fails with a message naming the file when the bundle has changed', () => {
    expect(() => strip('/x/prism-react-renderer/dist/index.mjs', 'export const Prism = {};')).toThrow(
      /index\.mjs: the languages section of prism-react-renderer's bundle was not found .* update plugins\/prism-languages/,
    );
  });
});

describe('the languages the site ships', () => {
  it('are loaded in prismjs order, each after what it needs', () => {
    const order = prismComponents(HIGHLIGHTED_LANGUAGES);
    expect(order.indexOf('clike')).toBeLessThan(order.indexOf('javascript'));
    expect(order.indexOf('json')).toBeLessThan(order.indexOf('http'));
    expect(new Set(order)).toEqual(new Set([...HIGHLIGHTED_LANGUAGES, 'clike']));
  });

  it('give the stripped Prism exactly the names the build check admits', () => {
    const { Prism } = loadStrippedBundle();
    const globalScope = globalThis as { Prism?: unknown };
    globalScope.Prism = Prism;
    try {
      // Each component adds its grammar to the global Prism, as Docusaurus's prism-include-languages has it.
      for (const id of prismComponents(HIGHLIGHTED_LANGUAGES)) {
        new Function(readFileSync(require.resolve(`prismjs/components/prism-${id}.js`), 'utf8'))();
      }
    } finally {
      delete globalScope.Prism;
    }
    expect(new Set(grammars(Prism))).toEqual(highlightedLanguageNames(HIGHLIGHTED_LANGUAGES));
  });

  it('cover every code block of the docs', () => {
    const known = highlightedLanguageNames(HIGHLIGHTED_LANGUAGES);
    const unknown = docsFiles().flatMap((file) =>
      readPage(file)
        .codeBlocks.filter((block) => unknownLanguageMessage(block.lang, known))
        .map((block) => `${file}:${block.line} ${block.lang}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('remarkHighlightedLanguages', () => {
  /** Runs the check on a page with one code block (in a list, as a nested block) on line 3. */
  const check = (lang: string | null) => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'heading', depth: 1, children: [{ type: 'text', value: 'Title' }] },
        {
          type: 'list',
          children: [
            {
              type: 'listItem',
              children: [
                {
                  type: 'code',
                  lang,
                  value: 'x',
                  position: { start: { line: 3, column: 1 }, end: { line: 5, column: 4 } },
                },
              ],
            },
          ],
        },
      ],
    };
    const fail = (reason: string): never => {
      throw new Error(reason);
    };
    remarkHighlightedLanguages({ languages: ['bash', 'json'] })(tree, { fail });
  };

  it.each([
    ['a known language', 'json'],
    ['an alias', 'sh'],
    ['no language', null],
    ['plain text', 'text'],
    ['a diagram', 'mermaid'],
  ])('admits %s', (_, lang) => {
    expect(() => check(lang)).not.toThrow();
  });

  it('stops at a language the site does not highlight, naming it, its line and where to add it', () => {
    expect(() => check('ruby')).toThrow(
      /^Line 3: The code block's language "ruby" is not highlighted on this site\. Use one of bash, json, plain, .*sh, shell, .*config\/prismLanguages\.ts\.$/,
    );
  });
});
