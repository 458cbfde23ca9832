/**
 * Redoc requires 23 of Prism's language components (`prismjs/components/prism-*.js`) for the code it
 * highlights: x-codeSamples, code blocks in descriptions, and examples whose media type is not JSON.
 * Evaluating them is a tenth of a second of the reference's first long task on a phone, and the site's
 * descriptions use none of them, so the site's Redoc bundle leaves them out (`redocPrismLanguageStub.js`):
 * Redoc then highlights with the grammars of Prism's core (markup and XML, CSS, C-like, JavaScript).
 *
 * The build checks that this changes nothing a reader sees: every language a description makes Redoc
 * highlight must resolve to the same grammar with and without the components, or the build fails and
 * names the language and where it is used.
 */
import { readFileSync } from 'node:fs';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';
import { isObject, type JsonObject } from '../../openapi/document';
import { prismGrammarNames } from '../lib/prismGrammars';

/** What Redoc's bundle asks for to highlight other languages than Prism's core has. */
export const PRISM_LANGUAGE_COMPONENT_REQUEST = /^prismjs\/components\/prism-[\w-]+\.js$/;

/** Redoc's fallbacks for a language Prism has no grammar for (`mapLang` in Redoc's `utils/highlight.ts`). */
const REDOC_LANGUAGE_FALLBACKS: Readonly<Record<string, string>> = {
  json: 'js',
  'c++': 'cpp',
  'c#': 'csharp',
  'objective-c': 'objectivec',
  shell: 'bash',
  viml: 'vim',
};
const REDOC_DEFAULT_LANGUAGE = 'clike';

/** The grammar Redoc highlights `language` with, given the grammars Prism has (Redoc's `highlight`). */
export function redocGrammar(language: string, grammars: ReadonlySet<string>): string {
  const name = language.toLowerCase();
  return grammars.has(name) ? name : (REDOC_LANGUAGE_FALLBACKS[name] ?? REDOC_DEFAULT_LANGUAGE);
}

/** The language Redoc highlights an example of `mediaType` in (`langFromMime`); null for JSON, which it draws itself. */
export function mediaTypeLanguage(mediaType: string): string | null {
  if (/json/i.test(mediaType)) return null;
  if (/xml/i.test(mediaType)) return 'xml';
  if (/csv/i.test(mediaType)) return 'csv';
  if (/plain/i.test(mediaType)) return 'tex';
  return REDOC_DEFAULT_LANGUAGE;
}

/** A language Redoc would highlight, and where the description asks for it. */
export interface HighlightedLanguage {
  readonly language: string;
  /** A JSON-pointer-like path: `paths./orders.post.x-codeSamples.0`. */
  readonly at: string;
}

/**
 * What a code block needs: a fence opens with three backticks or tildes, and an indented block needs four columns of
 * indentation, which only four spaces in a row or a tab give (a block quote's or list item's marker takes its own
 * space first). Most strings of a description have none, and parsing every one of them took 0.3 s of the build's
 * main thread.
 */
export const MAY_HOLD_CODE_BLOCK = /```|~~~|\t| {4}/;

/**
 * The language of every code block in a description's Markdown, as CommonMark reads it (`mdast-util-from-markdown`):
 * the info string's first word, '' for a block that names none (an indented block, or a fence without one). Fences
 * in lists and block quotes count; a line of backticks with a backtick in its info string is inline code, not a fence.
 * No GFM extension: it adds no code block syntax. Text that {@link MAY_HOLD_CODE_BLOCK} rules out is not parsed.
 */
export function codeBlockLanguages(markdown: string): string[] {
  if (!MAY_HOLD_CODE_BLOCK.test(markdown)) return [];
  const languages: string[] = [];
  visit(fromMarkdown(markdown), 'code', (node) => {
    languages.push(node.lang ?? '');
  });
  return languages;
}

/** Every language a description makes Redoc highlight: code samples, code blocks in descriptions, non-JSON examples. */
export function highlightedLanguages(description: JsonObject): HighlightedLanguage[] {
  const found: HighlightedLanguage[] = [];
  const visit = (value: unknown, at: string, key: string): void => {
    if (typeof value === 'string') {
      if (key === 'description') for (const language of codeBlockLanguages(value)) found.push({ language, at });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${at}.${index}`, String(index)));
      return;
    }
    if (!isObject(value)) return;
    for (const [name, item] of Object.entries(value)) {
      const path = at ? `${at}.${name}` : name;
      if ((name === 'x-codeSamples' || name === 'x-code-samples') && Array.isArray(item)) {
        item.forEach((sample, index) => {
          if (isObject(sample) && typeof sample.lang === 'string')
            found.push({ language: sample.lang, at: `${path}.${index}` });
        });
      }
      if (key === 'content' && name.includes('/')) {
        const language = mediaTypeLanguage(name);
        if (language !== null) found.push({ language, at: path });
      }
      visit(item, path, name);
    }
  };
  visit(description, '', '');
  return found;
}

/** The grammars of Prism's core, and of the core with every component Redoc's bundle requires (read from the bundle). */
export function prismGrammars(): { readonly core: Set<string>; readonly withRedocComponents: Set<string> } {
  const redocBundle = readFileSync(require.resolve('redoc/bundles/redoc.browser.lib.js'), 'utf8');
  const components = [...redocBundle.matchAll(/require\("(prismjs\/components\/prism-[\w-]+\.js)"\)/g)].map(
    ([, request]) => require.resolve(request as string),
  );
  const core = require.resolve('prismjs');
  return { core: prismGrammarNames([core]), withRedocComponents: prismGrammarNames([core, ...components]) };
}

let grammars: ReturnType<typeof prismGrammars> | undefined;

/**
 * Fails when a language the description makes Redoc highlight would be highlighted differently without
 * Prism's language components, naming each one and where it is used.
 */
export function assertHighlightableWithPrismCore(api: string, description: JsonObject): void {
  grammars ??= prismGrammars();
  const { core, withRedocComponents } = grammars;
  const lost = highlightedLanguages(description).filter(
    ({ language }) => redocGrammar(language, core) !== redocGrammar(language, withRedocComponents),
  );
  if (lost.length === 0) return;
  const list = lost.map(({ language, at }) => `  "${language}" at ${at}`).join('\n');
  throw new Error(
    `openapi/${api}.yaml: the API reference would highlight these without their Prism grammar:\n${list}\n` +
      `The site's Redoc bundle leaves Prism's language components out (plugins/api-reference/redocPrism.ts); ` +
      `it highlights only ${[...core].sort().join(', ')}. Use one of those, or bring the components back by ` +
      `removing the prismLanguages replacement in plugins/api-reference/index.ts.`,
  );
}
