/** @jest-environment jsdom */
import { keepResultWords, keepResultsWords } from '../keptResultWords';

function element(html: string, tag = 'p'): HTMLElement {
  const root = document.createElement(tag);
  root.innerHTML = html;
  return root;
}

describe('keepResultWords', () => {
  it('keeps a hyphenated word whole with the mark inside it', () => {
    const title = element('Confirm <mark>account</mark>-numbers before trading');
    expect(keepResultWords(title)).toBe(true);
    expect(title.innerHTML).toBe(
      'Confirm <span class="whole" data-keep-whole=""><mark>account</mark>-numbers</span> before trading',
    );
    expect(title.textContent).toBe('Confirm account-numbers before trading');
  });

  it('lets a long path wrap only after its separators, each piece whole', () => {
    const snippet = element('GET /v1/accounts/{<mark>accountNumber</mark>}/balances/summary');
    keepResultWords(snippet);
    expect(snippet.textContent).toBe('GET /v1/accounts/{accountNumber}/balances/summary');
    expect(snippet.querySelectorAll('wbr').length).toBeGreaterThan(2);
    // The mark stays around the query's word, and no break opportunity falls inside it.
    expect(snippet.querySelector('mark')!.textContent).toBe('accountNumber');
    expect(snippet.querySelector('mark wbr')).toBeNull();
  });

  it('splits a mark that spans two pieces into two marks of the same text', () => {
    const title = element('<mark>Non-profit organization</mark>');
    keepResultWords(title);
    expect(Array.from(title.querySelectorAll('mark'), (mark) => mark.textContent).join('')).toBe(
      'Non-profit organization',
    );
    expect(title.querySelector('[data-keep-whole]')!.textContent).toBe('Non-profit');
  });

  it('does nothing to text without a word to keep, and does not rebuild what it built', () => {
    const plain = element('Place an <mark>order</mark>');
    expect(keepResultWords(plain)).toBe(false);
    expect(plain.innerHTML).toBe('Place an <mark>order</mark>');
    const kept = element('Non-trade activity');
    expect(keepResultWords(kept)).toBe(true);
    const once = kept.innerHTML;
    expect(keepResultWords(kept)).toBe(false);
    expect(kept.innerHTML).toBe(once);
  });

  it('rebuilds again when the plugin draws the element anew (a new query marks other words)', () => {
    const title = element('Non-trade <mark>activity</mark>');
    keepResultWords(title);
    title.innerHTML = '<mark>Non-trade</mark> activity';
    expect(keepResultWords(title)).toBe(true);
    expect(title.querySelector('[data-keep-whole] mark')!.textContent).toBe('Non-trade');
  });

  it('moves text only: markup in the text stays text, and other elements are left alone', () => {
    const escaped = element('&lt;img src=x&gt; non-trade');
    keepResultWords(escaped);
    expect(escaped.querySelector('img')).toBeNull();
    expect(escaped.textContent).toBe('<img src=x> non-trade');
    const other = element('<b>Non-trade</b> activity');
    expect(keepResultWords(other)).toBe(false);
    expect(other.innerHTML).toBe('<b>Non-trade</b> activity');
  });
});

describe('keepResultsWords', () => {
  it('keeps the title, place and snippet of every result', () => {
    const root = element(
      `<article><h2><a href="/docs/x">Get <mark>account</mark>-numbers</a></h2>
       <p class="searchResultItemPath_abc">Accounts API » Non-profit</p>
       <p class="searchResultItemSummary_abc">Use X-Request-Id</p></article>`,
      'section',
    );
    expect(keepResultsWords(root)).toBe(3);
    expect(Array.from(root.querySelectorAll('[data-keep-whole]'), (span) => span.textContent)).toEqual([
      'account-numbers',
      'Non-profit',
      'X-Request-Id',
    ]);
  });
});
