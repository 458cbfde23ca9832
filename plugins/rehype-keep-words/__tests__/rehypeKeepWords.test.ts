import type { Element, Root, RootContent } from 'hast';
import rehypeKeepWords, { KEEP_WHOLE } from '..';

const text = (value: string): RootContent => ({ type: 'text', value });
const element = (tagName: string, children: RootContent[]): Element =>
  ({ type: 'element', tagName, properties: {}, children }) as Element;
const component = (name: string, type: 'mdxJsxFlowElement' | 'mdxJsxTextElement', children: RootContent[]) =>
  ({ type, name, attributes: [], children }) as unknown as RootContent;

/** The tree as text, kept tokens in [[ ]], other elements as their tag or name. */
function show(node: RootContent | Root): string {
  if (node.type === 'text') return node.value;
  if (!('children' in node)) return '';
  const inner = (node.children as RootContent[]).map(show).join('');
  if (node.type === 'mdxJsxTextElement' && node.name === KEEP_WHOLE) return `[[${inner}]]`;
  const tag = node.type === 'element' ? node.tagName : 'name' in node ? node.name : null;
  return tag ? `<${tag}>${inner}</${tag}>` : inner;
}

function textOf(node: RootContent | Root): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? (node.children as RootContent[]).map(textOf).join('') : '';
}

describe('rehypeKeepWords', () => {
  const run = (children: RootContent[]) => {
    const tree: Root = { type: 'root', children };
    const before = textOf(tree);
    rehypeKeepWords()(tree);
    expect(textOf(tree)).toBe(before);
    return show(tree);
  };

  it.each([
    [
      'a Markdown table, header and cells, code and links in them',
      [
        element('table', [
          element('tr', [element('th', [text('Request-Id')])]),
          element('tr', [
            element('td', [element('code', [text('X-Request-Id')]), text(' or '), element('a', [text('non-US')])]),
          ]),
        ]),
      ],
      '<table><tr><th>[[Request-Id]]</th></tr><tr><td><code>[[X-Request-Id]]</code> or <a>[[non-US]]</a></td></tr></table>',
    ],
    [
      'a field reference: the description under each field',
      [
        component('ApiFieldList', 'mdxJsxFlowElement', [
          component('ApiField', 'mdxJsxFlowElement', [element('p', [text('A court-appointed guardian.')])]),
        ]),
      ],
      '<ApiFieldList><ApiField><p>A [[court-appointed]] guardian.</p></ApiField></ApiFieldList>',
    ],
    [
      'prose outside tables and field lists (issue 39)',
      [element('p', [text('A court-appointed guardian.')])],
      '<p>A [[court-appointed]] guardian.</p>',
    ],
    [
      // The site's InlineCode keeps such code inline (the theme would take it for a code block).
      'inline code: its tokens kept inside it, a long path given breaks after its separators, plain code left alone',
      [
        element('td', [
          element('code', [text('^[0-9A-Z]{8}$')]),
          element('code', [text('POST /account-numbers')]),
          element('code', [text('GET /accounts/{accountNumber}/associated-parties')]),
          element('code', [text('PENDING')]),
        ]),
      ],
      '<td><code>[[^[0-9A-Z]{8}$]]</code><code>POST [[/account-numbers]]</code>' +
        '<code>GET /accounts/<wbr></wbr>{accountNumber}/<wbr></wbr>[[associated-parties]]</code>' +
        '<code>PENDING</code></td>',
    ],
    [
      // Chrome breaks a line between a bracket and an inline block: what touches kept code is kept with it.
      'inline code with a kept token and the brackets and commas that touch it; plain code left alone',
      [
        element('p', [
          text('Send it (see '),
          element('code', [text('X-Request-Id')]),
          text('), then '),
          element('code', [text('PENDING')]),
          text('. Or '),
          element('code', [text('Idempotency-Key')]),
          text(' alone, or ('),
          element('a', [element('code', [text('x-sandbox-test-values')])]),
          text(').'),
          text(' A UUID ('),
          element('code', [text('2f8a4c6e-0b1d-4e3f-9a57-c8d2e6b4a013')]),
          text(') may wrap.'),
        ]),
      ],
      '<p>Send it (see [[<code>[[X-Request-Id]]</code>),]] then <code>PENDING</code>. Or <code>[[Idempotency-Key]]</code> alone, or ' +
        '[[(<a><code>[[x-sandbox-test-values]]</code></a>).]] A UUID (<code>[[2f8a4c6e-0b1d-4e3f-9a57-c8d2e6b4a013]]</code>) may wrap.</p>',
    ],
    [
      'a code block inside a cell',
      [element('td', [element('pre', [element('code', [text('a-b c-d')])])])],
      '<td><pre><code>a-b c-d</code></pre></td>',
    ],
    [
      'a tree it has already kept (the plugin runs twice)',
      [
        element('td', [
          component(KEEP_WHOLE, 'mdxJsxTextElement', [text('a-b')]),
          element('code', [component(KEEP_WHOLE, 'mdxJsxTextElement', [text('c-d')])]),
        ]),
      ],
      '<td>[[a-b]]<code>[[c-d]]</code></td>',
    ],
  ])('%s', (_, children, expected) => {
    expect(run(children as RootContent[])).toBe(expected);
  });
});
