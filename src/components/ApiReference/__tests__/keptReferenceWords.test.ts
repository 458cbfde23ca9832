/** @jest-environment jsdom */
import { keepRedrawnText, keepTextWhole, keepWordsUnder } from '../keptReferenceWords';

function drawn(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

/** Lets the observer's records arrive (they are delivered as a microtask). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function observed(root: HTMLElement): MutationObserver {
  const observer = new MutationObserver(keepRedrawnText);
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return observer;
}

const kept = (root: ParentNode) => Array.from(root.querySelectorAll('[data-keep-whole]'), (span) => span.textContent);

describe('keepTextWhole', () => {
  it('keeps an example UUID whole and leaves the text as it reads', () => {
    const root = drawn('<span>Example: </span><span>"5f0c8e2a-41b7-4d3e-9a6c-7b2e1f0d9c84"</span>');
    expect(keepWordsUnder(root)).toBe(1);
    expect(kept(root)).toEqual(['"5f0c8e2a-41b7-4d3e-9a6c-7b2e1f0d9c84"']);
    expect(root.textContent).toBe('Example: "5f0c8e2a-41b7-4d3e-9a6c-7b2e1f0d9c84"');
  });

  it('lets a URL wrap only after its separators and a query string after its commas', () => {
    const root = drawn(
      '<span>"https://sandbox.api.clearing.example/v1/orders/equity/0c4f3a5e-7d2b-4a61-9f38-5b1e6c2d8a70"</span>' +
        '<span>status=PENDING_NEW,NEW,PARTIALLY_FILLED,PENDING_CANCEL</span>',
    );
    keepWordsUnder(root);
    const [url, query] = Array.from(root.children);
    expect(url.querySelectorAll('wbr').length).toBeGreaterThan(4);
    expect(kept(url)).toContain('0c4f3a5e-7d2b-4a61-9f38-5b1e6c2d8a70"');
    expect(query.querySelectorAll('wbr')).toHaveLength(4);
    expect(root.textContent).toContain('status=PENDING_NEW,NEW,PARTIALLY_FILLED,PENDING_CANCEL');
  });

  it('keeps a pattern, a length range and a hyphenated keyword', () => {
    const root = drawn('<span> [ 1 .. 500 ] items </span><span> non-empty </span><span>^[A-Z][A-Z0-9]*$</span>');
    keepWordsUnder(root);
    expect(kept(root)).toEqual(expect.arrayContaining(['[ 1', 'non-empty']));
    expect(root.textContent).toBe(' [ 1 .. 500 ] items  non-empty ^[A-Z][A-Z0-9]*$');
  });

  it('leaves code samples, kept text and plain words alone', () => {
    const root = drawn(
      '<pre>"5f0c8e2a-41b7-4d3e-9a6c-7b2e1f0d9c84"</pre><span data-keep-whole="">non-empty</span><span>Place an order</span>',
    );
    const before = root.innerHTML;
    expect(keepWordsUnder(root)).toBe(0);
    expect(root.innerHTML).toBe(before);
  });

  it('keeps each text once: the nodes it drew are not kept again', () => {
    const root = drawn('<span>"https://sandbox.api.clearing.example/v1/orders"</span>');
    keepWordsUnder(root);
    const once = root.innerHTML;
    expect(keepWordsUnder(root)).toBe(0);
    expect(root.innerHTML).toBe(once);
  });
});

describe('keepRedrawnText', () => {
  it('keeps what React draws later, and follows React writing new text into a kept node', async () => {
    const root = drawn('<span id="value"></span>');
    const observer = observed(root);
    const original = document.createTextNode('W9-5GT10001.pdf');
    root.querySelector('#value')!.appendChild(original);
    await settle();
    expect(kept(root)).toEqual(['W9-5GT10001.pdf']);
    // React updates the text node it owns in place.
    original.data = 'non-empty';
    await settle();
    expect(kept(root)).toEqual(['non-empty']);
    expect(root.textContent).toBe('non-empty');
    observer.disconnect();
  });

  it('removes the kept copy when React removes its node, and redraws when React sets the text content', async () => {
    const root = drawn('<span id="value">x</span>');
    const span = root.querySelector('#value')!;
    const original = document.createTextNode('non-empty');
    span.replaceChildren(original);
    keepTextWhole(original);
    const observer = observed(root);
    span.removeChild(original);
    await settle();
    expect(span.textContent).toBe('');
    span.textContent = 'X-Request-Id';
    await settle();
    expect(kept(root)).toEqual(['X-Request-Id']);
    expect(span.textContent).toBe('X-Request-Id');
    observer.disconnect();
  });
});

describe('runs of text React draws as separate nodes', () => {
  function version(): { root: HTMLElement; parts: Text[] } {
    const root = drawn('<h1>Accounts API <span id="version"></span></h1>');
    const parts = ['(', '1.1.0', ')'].map((text) => document.createTextNode(text));
    root.querySelector('#version')!.append(...parts);
    return { root, parts };
  }

  it('keeps "(" "1.1.0" ")" together as one word', () => {
    const { root } = version();
    keepWordsUnder(root);
    expect(kept(root)).toEqual(['(1.1.0)']);
    expect(root.textContent).toBe('Accounts API (1.1.0)');
  });

  it('draws the run again when React writes one of its nodes, with the others as they were', async () => {
    const { root, parts } = version();
    keepWordsUnder(root);
    const observer = observed(root);
    parts[1].data = '2.0.0-beta';
    await settle();
    expect(kept(root)).toEqual(['(2.0.0-beta)']);
    expect(root.textContent).toBe('Accounts API (2.0.0-beta)');
    // New text with nothing to keep: the nodes get their text back and the copy goes.
    parts[1].data = '2';
    await settle();
    expect(kept(root)).toEqual([]);
    expect(root.querySelector('#version')!.innerHTML).toBe('(2)');
    observer.disconnect();
  });

  it('gives the others their text back when React removes one node of the run', async () => {
    const { root, parts } = version();
    keepWordsUnder(root);
    const observer = observed(root);
    parts[2].remove();
    await settle();
    expect(root.textContent).toBe('Accounts API (1.1.0');
    expect(root.querySelectorAll('[data-keep-whole]')).toHaveLength(1);
    observer.disconnect();
  });
});
