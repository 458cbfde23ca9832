// @ts-check
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml } from '../../lib/parseHtml.mjs';
import { articleMarkdown, htmlToMarkdown, operationReferences, PageMarkdownError } from '../htmlToMarkdown.mjs';

const PAGE_URL = 'https://docs.example.com/docs/trading-api/equity/single-equity-order';

/** A built page as the docs theme writes it: the article inside the layout's chrome. @param {string} article */
function page(article) {
  return `<!doctype html><html><body><nav class="navbar">Navbar text</nav><main><article>
<nav class="theme-doc-breadcrumbs"><a href="/">Home</a></nav>
<div class="theme-doc-markdown markdown"><header><h1>Place an order</h1></header>${article}</div>
<nav class="pagination-nav">Next page</nav></article></main><footer>Footer text</footer></body></html>`;
}

/** @param {string} article */
const convert = (article) => articleMarkdown({ html: page(article), pageUrl: PAGE_URL, title: 'T', description: 'D' });

/** A Prism code block as the theme renders it. @param {string} language @param {string[]} lines @param {string} [title] */
function codeBlock(language, lines, title) {
  const body = lines
    .map((line) => `<div class="token-line"><span class="token plain">${line}</span><br/></div>`)
    .join('');
  return `<div class="language-${language} codeBlockContainer_Ckt0 theme-code-block">${
    title ? `<div class="codeBlockTitle_OeMC">${title}</div>` : ''
  }<div class="codeBlockContent_QJqH"><pre tabindex="0" class="prism-code language-${language} codeBlock_bY9V"><code class="codeBlockLines_e6Vv">${body}</code></pre><button type="button" aria-label="Copy code to clipboard">Copy</button></div></div>`;
}

describe('htmlToMarkdown', () => {
  test('writes a front matter with title, description and address, then the article only', () => {
    const markdown = htmlToMarkdown({
      html: page('<p>Body text.</p>'),
      pageUrl: PAGE_URL,
      title: 'Place "an" order',
      description: 'Places: an order.',
    });
    assert.equal(
      markdown,
      `---\ntitle: "Place \\"an\\" order"\ndescription: "Places: an order."\nsource: "${PAGE_URL}"\n---\n\n# Place an order\n\nBody text.\n`,
    );
    assert.doesNotMatch(markdown, /Navbar text|Home|Next page|Footer text/);
  });

  test('leaves the description out of the front matter when the page has none', () => {
    const markdown = htmlToMarkdown({ html: page('<p>x</p>'), pageUrl: PAGE_URL, title: 'T', description: undefined });
    assert.doesNotMatch(markdown, /description:/);
  });

  test('makes links and images absolute and drops heading anchors', () => {
    const markdown = convert(
      '<h2 id="errors">Errors<a href="#errors" class="hash-link" aria-label="Direct link to Errors">\u200b</a></h2>' +
        '<p>See <a href="/docs/getting-started/authentication">Authentication</a>, <a href="#errors">below</a> and ' +
        '<a href="https://example.org/x">elsewhere</a>.</p><p><img src="../img/flow.svg" alt="Flow"></p>',
    );
    assert.match(markdown, /^## Errors$/m);
    assert.doesNotMatch(markdown, /\u200b|Direct link/);
    assert.match(markdown, /\[Authentication\]\(https:\/\/docs\.example\.com\/docs\/getting-started\/authentication\)/);
    assert.match(
      markdown,
      /\[below\]\(https:\/\/docs\.example\.com\/docs\/trading-api\/equity\/single-equity-order#errors\)/,
    );
    assert.match(markdown, /\[elsewhere\]\(https:\/\/example\.org\/x\)/);
    assert.match(markdown, /!\[Flow\]\(https:\/\/docs\.example\.com\/docs\/trading-api\/img\/flow\.svg\)/);
  });

  test('writes a code block as a fence with its language, its lines as they are, its title above it', () => {
    const markdown = convert(codeBlock('json', ['{', '  "symbol": "XMPL"', '', '}'], 'Response 201'));
    assert.match(markdown, /\*\*Response 201\*\*\n\n```json\n\{\n {2}"symbol": "XMPL"\n\n\}\n```/);
    assert.doesNotMatch(markdown, /Copy/);
  });

  test('writes every tab of a tab set under its label, the hidden ones too', () => {
    const markdown = convert(
      '<div class="theme-tabs-container tabs-container"><ul role="tablist"><li role="tab" aria-selected="true">curl</li>' +
        '<li role="tab" aria-selected="false">Python (requests)</li></ul><div class="margin-top--md">' +
        `<div role="tabpanel">${codeBlock('bash', ['curl -X POST'])}</div>` +
        `<div role="tabpanel" hidden>${codeBlock('python', ['requests.post(url)'])}</div></div></div>`,
    );
    assert.match(
      markdown,
      /\*\*curl\*\*\n\n```bash\ncurl -X POST\n```\n\n\*\*Python \(requests\)\*\*\n\n```python\nrequests\.post\(url\)\n```/,
    );
  });

  test('writes an admonition as a quote that names its kind', () => {
    const markdown = convert(
      '<div class="theme-admonition theme-admonition-warning admonition_xJq3 alert"><div class="admonitionHeading_Gvgb">' +
        '<span class="admonitionIcon_Rf37"><svg><path d="M0"/></svg></span>warning</div>' +
        '<div class="admonitionContent_BuS1"><p>Never retry with a new key.</p></div></div>',
    );
    assert.match(markdown, /^> \*\*Warning\*\*\n>\n> Never retry with a new key\.$/m);
  });

  test('writes a diagram as its Mermaid source, and refuses a diagram without one', () => {
    const source = 'sequenceDiagram\n  accTitle: Order\n  Client->>API: POST /orders';
    const figure = (/** @type {string} */ inner) =>
      `<figure class="figure_qJM1"><div class="inline_qIW1"></div>${inner}<div class="actions_f0KA"><button type="button">Open full screen</button></div><dialog></dialog></figure>`;
    const markdown = convert(figure(`<pre hidden data-diagram-source="">${source.replace(/>/g, '&gt;')}</pre>`));
    assert.match(markdown, /```mermaid\nsequenceDiagram\n {2}accTitle: Order\n {2}Client->>API: POST \/orders\n```/);
    assert.doesNotMatch(markdown, /Open full screen/);
    assert.throws(() => convert(figure('')), PageMarkdownError);
  });

  test('writes an operation block and a field list as plain lines', () => {
    const markdown = convert(
      '<section aria-label="Operation placeEquityOrder"><p class="request_EdXc"><span class="method_LC0H">POST</span>' +
        '<code class="path_OaCN">/orders/equity</code><dl class="facts_oSrI"><dt>Operation<dd>Place an order<!-- --> (<code>placeEquityOrder</code>)' +
        '<dt>Scope<dd><code>orders.write</code></dl></section>' +
        '<ul class="list_ldGx api-field-list"><li id="request.limitPrice" class="field_KmDK"><div class="head_UZGG">' +
        '<code class="name_vrLB">limitPrice</code><span class="type_VorA">object (Money)</span><span class="optional_KXtw">optional</span>' +
        '<a class="anchor_NUkk" href="#request.limitPrice" aria-label="Link to request.limitPrice">#</a></div>' +
        '<p>Worst price you accept.</p></li></ul>',
    );
    assert.match(markdown, /^`POST \/orders\/equity`$/m);
    assert.match(markdown, /^- \*\*Operation\*\*: Place an order \(`placeEquityOrder`\)$/m);
    assert.match(markdown, /^- \*\*Scope\*\*: `orders\.write`$/m);
    // A list right after another takes the other bullet, so that the two stay two lists.
    assert.match(markdown, /^[-*] `limitPrice` \(object \(Money\), optional\)\n\n {2}Worst price you accept\.$/m);
    assert.doesNotMatch(markdown, /<!--|Link to/);
  });

  test("names the operations the page's operation blocks document, and leaves their reference links out", () => {
    const html = page(
      '<section aria-label="Operation placeEquityOrder"><p class="request_EdXc"><span class="method_LC0H">POST</span>' +
        '<code class="path_OaCN">/orders/equity</code></p><p class="reference_x9Qz">' +
        '<a href="/api/orders-api#operation/placeEquityOrder">Open placeEquityOrder in the API reference</a></p></section>' +
        '<p>See <a href="/api/orders-api">the reference</a>.</p>',
    );
    assert.deepEqual(operationReferences(parseHtml(html), { pageUrl: PAGE_URL }), [
      'https://docs.example.com/api/orders-api#operation/placeEquityOrder',
    ]);
    const markdown = articleMarkdown({ html, pageUrl: PAGE_URL, title: 'T', description: 'D' });
    assert.doesNotMatch(markdown, /Open placeEquityOrder/);
    assert.match(markdown, /\[the reference\]\(https:\/\/docs\.example\.com\/api\/orders-api\)/);
  });

  test("marks a shared schema's fields for describeSchemasOnce: a field's fields, a list of it, where a page shows it", () => {
    const money = 'accounts#/components/schemas/Money';
    const moneyField = (/** @type {string} */ name, /** @type {string} */ described) =>
      `<li id="request.${name}" class="field_KmDK" data-schema="${money}"${described}><div class="head_UZGG">` +
      `<code class="name_vrLB">${name}</code><span class="type_VorA">object (Money)</span></div>` +
      `<p>About ${name}.</p><details><summary>2 fields of <code>${name}</code></summary>` +
      '<ul class="api-field-list"><li id="x"><div class="head_UZGG"><code class="name_vrLB">amount</code></div>' +
      '<p>Decimal.</p></li></ul></details></li>';
    const markdown = convert(
      `<ul class="api-field-list" data-schema="${money}" data-schema-home="true"><li id="Money.amount"><div class="head_UZGG">` +
        '<code class="name_vrLB">amount</code></div></li></ul>' +
        `<ul class="api-field-list" data-schema="orders#/components/schemas/EquityOrder">` +
        `${moneyField('limitPrice', '')}${moneyField('stopPrice', ' data-schema-described="true"')}</ul>`,
    );
    const lines = markdown.split('\n').filter((line) => line.trim() !== '');
    const at = (/** @type {string} */ text) => lines.findIndex((line) => line.includes(text));
    assert.equal(lines[at('schema-fields-home')], `<!--schema-fields-home ${money}-->`);
    assert.ok(at('schema-fields-home') < at('`amount`'));
    assert.equal(lines[at('`limitPrice`') - 1], '<!--schema-fields orders#/components/schemas/EquityOrder-->');
    // The field's own description stays outside its mark; the schema's own is inside.
    assert.deepEqual(lines.slice(at('`limitPrice`') + 1, at('`limitPrice`') + 3), [
      '  About limitPrice.',
      `  <!--schema-fields ${money}-->`,
    ]);
    assert.equal(lines[at('`stopPrice`') + 1], `  <!--schema-fields ${money}-->`);
    assert.equal(lines.filter((line) => /<!--schema-fields /.test(line)).length, 3);
    assert.equal(lines.filter((line) => /<!--\/schema-fields-->/.test(line)).length, 3);
    assert.doesNotMatch(markdown, /data-schema/);
  });

  test('writes a table as a GFM table, one row per row', () => {
    const markdown = convert(
      '<div class="scroller_djKA" role="region"><table><thead><tr><th>Status<th>Code<tbody>' +
        '<tr><td><code>400</code><td>A | B<tr><td><code>401</code><td>Sign in again</table></div>',
    );
    assert.match(
      markdown,
      /^\| Status \| Code \|\n\| - \| - \|\n\| `400` \| A \\\| B \|\n\| `401` \| Sign in again \|$/m,
    );
  });

  test('says which page has no article', () => {
    assert.throws(
      () =>
        articleMarkdown({
          html: '<html><body><p>x</p></body></html>',
          pageUrl: PAGE_URL,
          title: 'T',
          description: undefined,
        }),
      (error) => error instanceof PageMarkdownError && error.message.includes(PAGE_URL),
    );
  });
});
