import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';
import { API_NAMES, loadBundled } from '../../../openapi/descriptions';
import type { JsonObject } from '../../../openapi/document';
import {
  assertHighlightableWithPrismCore,
  codeBlockLanguages,
  highlightedLanguages,
  MAY_HOLD_CODE_BLOCK,
  mediaTypeLanguage,
  prismGrammars,
  redocGrammar,
} from '../redocPrism';

/** A description with one operation, a code sample in `language` and `markdown` as its description. */
function describedWith({
  language,
  markdown,
  mediaType,
}: {
  language?: string;
  markdown?: string;
  mediaType?: string;
}) {
  return {
    openapi: '3.1.0',
    info: { title: 'Test', version: '1', description: markdown ?? 'No code.' },
    paths: {
      '/orders': {
        post: {
          operationId: 'placeOrder',
          ...(language ? { 'x-codeSamples': [{ lang: language, source: 'x' }] } : {}),
          responses: {
            '200': { description: 'Placed.', content: { [mediaType ?? 'application/json']: { example: {} } } },
          },
        },
      },
    },
  } satisfies JsonObject;
}

describe('prismGrammars', () => {
  it("reads the components Redoc's bundle requires: its core lacks their grammars, which they add", () => {
    const { core, withRedocComponents } = prismGrammars();
    expect([...core]).toEqual(expect.arrayContaining(['markup', 'xml', 'css', 'clike', 'javascript', 'js']));
    for (const grammar of ['python', 'bash', 'csv', 'csharp', 'cpp', 'yaml']) {
      expect(core.has(grammar)).toBe(false);
      expect(withRedocComponents.has(grammar)).toBe(true);
    }
  });
});

describe('redocGrammar and mediaTypeLanguage (as Redoc resolves a language)', () => {
  const { core, withRedocComponents } = prismGrammars();
  it.each([
    ['JSON', 'core', 'js'],
    ['XML', 'core', 'xml'],
    ['python', 'core', 'clike'],
    ['python', 'every component', 'python'],
    ['Shell', 'every component', 'shell'],
    ['C++', 'every component', 'cpp'],
    ['', 'core', 'clike'],
  ])('%j with the grammars of Prism’s %s is highlighted as %j', (language, grammars, grammar) => {
    expect(redocGrammar(language, grammars === 'core' ? core : withRedocComponents)).toBe(grammar);
  });
  it.each([
    ['application/json', null],
    ['application/problem+json', null],
    ['application/xml', 'xml'],
    ['text/csv', 'csv'],
    ['text/plain', 'tex'],
    ['application/pdf', 'clike'],
  ])('an example of %s is highlighted as %j', (mediaType, language) => {
    expect(mediaTypeLanguage(mediaType)).toBe(language);
  });
});

describe('highlightedLanguages', () => {
  it('finds code samples, fenced code in descriptions and non-JSON examples, with where they are', () => {
    const found = highlightedLanguages(
      describedWith({
        language: 'Python',
        markdown: 'Intro\n\n```bash\ncurl\n```\n\n~~~\nplain\n~~~',
        mediaType: 'text/csv',
      }),
    );
    expect(found).toEqual([
      { language: 'bash', at: 'info.description' },
      { language: '', at: 'info.description' },
      { language: 'Python', at: 'paths./orders.post.x-codeSamples.0' },
      { language: 'csv', at: 'paths./orders.post.responses.200.content.text/csv' },
    ]);
  });

  it('leaves JSON examples (Redoc draws them without Prism) and inline code out', () => {
    expect(highlightedLanguages(describedWith({ markdown: 'Send `client_id` as ```json``` text.' }))).toEqual([]);
  });

  it('reads the first word of a fence’s info string', () => {
    expect(codeBlockLanguages('```http title="Request"\nGET /\n```\n   ~~~~ yaml\na: 1\n~~~~')).toEqual([
      'http',
      'yaml',
    ]);
  });

  it.each([
    ['a fence in a list item, indented four spaces', '- Install:\n\n    ```bash\n    npm ci\n    ```', ['bash']],
    ['a fence in a block quote', '> ```python\n> print(1)\n> ```', ['python']],
    ['backticks with a backtick in the info string (inline code, not a fence)', '```json``` is sent as text.', []],
    ['a longer fence around a shorter one', '````md\n```bash\ncurl\n```\n````', ['md']],
    ['a tilde fence with backticks inside', '~~~ yaml\n```\n~~~\n```xml\n<a/>\n```', ['yaml', 'xml']],
    ['an indented block (no language)', 'Run:\n\n    curl https://example.com', ['']],
  ])('reads %s as CommonMark does', (_case, markdown, languages) => {
    expect(codeBlockLanguages(markdown)).toEqual(languages);
  });
});

describe('MAY_HOLD_CODE_BLOCK', () => {
  /** Every code block's language, from a parse of the whole text (what `codeBlockLanguages` does when it parses). */
  const parsedLanguages = (markdown: string) => {
    const languages: string[] = [];
    visit(fromMarkdown(markdown), 'code', (node) => {
      languages.push(node.lang ?? '');
    });
    return languages;
  };

  it('lets through every text that holds a code block', () => {
    const piece = fc.constantFrom(
      '`',
      '``',
      '```',
      '~~~',
      ' ',
      '  ',
      '\t',
      '\n',
      '\n\n',
      '> ',
      '- ',
      '1. ',
      'a',
      'js',
      '*',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join('')),
        (markdown) => {
          expect(codeBlockLanguages(markdown)).toEqual(parsedLanguages(markdown));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('rules out prose, inline code and short indentation', () => {
    expect(MAY_HOLD_CODE_BLOCK.test('Send `client_id` in the body.\n\n   Three spaces are a paragraph.')).toBe(false);
    expect(MAY_HOLD_CODE_BLOCK.test('Run:\n\n    curl https://example.com')).toBe(true);
  });
});

describe('assertHighlightableWithPrismCore', () => {
  it('accepts every description of the site', () => {
    for (const api of API_NAMES) {
      expect(() => assertHighlightableWithPrismCore(api, loadBundled(api, { dereferenced: false }))).not.toThrow();
    }
  });

  it('accepts languages that Prism’s core highlights as Redoc would with every component', () => {
    for (const language of ['JSON', 'javascript', 'xml', 'html', 'tex', 'unknown']) {
      expect(() => assertHighlightableWithPrismCore('orders', describedWith({ language }))).not.toThrow();
    }
    expect(() =>
      assertHighlightableWithPrismCore('orders', describedWith({ mediaType: 'application/xml' })),
    ).not.toThrow();
  });

  it.each([
    [{ language: 'Python' }, '"Python" at paths./orders.post.x-codeSamples.0'],
    [{ language: 'shell' }, '"shell" at paths./orders.post.x-codeSamples.0'],
    [{ markdown: '```bash\ncurl https://example.com\n```' }, '"bash" at info.description'],
    [{ markdown: '- Install:\n\n    ```bash\n    npm ci\n    ```' }, '"bash" at info.description'],
    [{ mediaType: 'text/csv' }, '"csv" at paths./orders.post.responses.200.content.text/csv'],
  ])('fails the build for %j, naming the language and where it is used', (input, named) => {
    expect(() => assertHighlightableWithPrismCore('orders', describedWith(input))).toThrow(named);
    expect(() => assertHighlightableWithPrismCore('orders', describedWith(input))).toThrow(
      /openapi\/orders\.yaml: the API reference would highlight these without their Prism grammar[\s\S]*plugins\/api-reference\/redocPrism\.ts/,
    );
  });
});
