import { marked } from 'redoc/node_modules/marked';
import { loadBundled } from '../../../openapi/descriptions';
import { keptMarkdown, withKeptWords } from '../keptWords';

const APIS = ['accounts', 'onboarding', 'orders', 'documents'] as const;

/** Every `description` string of a description, with where it is. */
function descriptions(value: unknown, at = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => descriptions(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'description' && typeof item === 'string'
      ? [[`${at}/description`, item] as [string, string]]
      : ['example', 'examples', 'default', 'enum', 'x-sandbox-test-values'].includes(key)
        ? []
        : descriptions(item, `${at}/${key}`),
  );
}

/** What a reader sees of rendered Markdown: its text, without tags, entities decoded. */
const seen = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Its structure: the elements other than the kept spans and line-break opportunities, in order. */
const structure = (html: string) =>
  Array.from(html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>/g))
    .filter(([, , tag, attributes]) => tag !== 'wbr' && !(tag === 'span' && /kept-(word|together)/.test(attributes)))
    .map(([, closing, tag, attributes]) => `${closing}${tag}${tag === 'a' ? attributes : ''}`)
    .filter((tag) => tag !== '/span')
    .join(' ');

const render = (markdown: string) => marked.parse(markdown, { gfm: true });

describe('keptMarkdown', () => {
  it.each([
    [
      'Send `Idempotency-Key` with a new-account request.',
      'Send <code><span class="kept-word" data-keep-whole>Idempotency-Key</span></code> with a <span class="kept-word" data-keep-whole>new-account</span> request.',
    ],
    ['## Rate-limit headers', '## Rate-limit headers'],
    ['```\nX-Request-Id: a-b\n```', '```\nX-Request-Id: a-b\n```'],
    [
      'See [the new-account page](/docs/a-b-c).',
      'See [the <span class="kept-word" data-keep-whole>new-account</span> page](/docs/a-b-c).',
    ],
    [
      'Mail api-support@clearing.example or https://a-b.example/x-y.',
      'Mail api-support@clearing.example or [https://<wbr>a-b.<wbr>example/<wbr>x-y](https://a-b.example/x-y).',
    ],
    [
      'A code span `{ "error": {\n"code" } }` over two lines.',
      'A code span <code><span class="kept-word" data-keep-whole>{ "error":</span> <span class="kept-word" data-keep-whole>{ "code"</span> } }</code> over two lines.',
    ],
    [
      '| `a-b` | c |\n| --- | --- |',
      '| <code><span class="kept-word" data-keep-whole>a-b</span></code> | c |\n| --- | --- |',
    ],
    [
      'Send it (`X-Request-Id`), then more.',
      'Send it <span class="kept-together">(<code><span class="kept-word" data-keep-whole>X-Request-Id</span></code>),</span> then more.',
    ],
    [
      'Pattern `^[0-9]*$` stays one word.',
      'Pattern <code><span class="kept-word" data-keep-whole>^\\[0-9\\]\\*$</span></code> stays one word.',
    ],
  ])('%j', (markdown, expected) => {
    expect(keptMarkdown(markdown)).toBe(expected);
  });
});

describe('withKeptWords', () => {
  it.each(APIS)(
    'keeps the words of every description of %s, which Redoc shows with the same text and structure',
    (api) => {
      const original = loadBundled(api, { dereferenced: false });
      const kept = withKeptWords(original);
      const before = descriptions(original);
      const after = new Map(descriptions(kept));
      expect(before.length).toBeGreaterThan(20);
      let changed = 0;
      for (const [at, markdown] of before) {
        const keptHtml = render(after.get(at)!);
        const html = render(markdown);
        expect({ at, text: seen(keptHtml) }).toEqual({ at, text: seen(html) });
        expect({ at, structure: structure(keptHtml) }).toEqual({ at, structure: structure(html) });
        if (keptHtml !== html) changed += 1;
      }
      expect(changed).toBeGreaterThan(10);
      // Data is left as it was.
      expect(JSON.stringify(kept).length).toBeGreaterThan(JSON.stringify(original).length);
    },
  );
});
