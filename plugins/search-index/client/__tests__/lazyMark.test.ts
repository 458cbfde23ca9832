/** @jest-environment jsdom */
import LazyMark from '../lazyMark';

function article(text: string): HTMLElement {
  const element = document.createElement('article');
  element.textContent = text;
  document.body.replaceChildren(element);
  return element;
}

const marked = (root: HTMLElement) => Array.from(root.querySelectorAll('mark'), (mark) => mark.textContent);

describe('LazyMark', () => {
  it('highlights the terms once mark.js has loaded, and removes them again', async () => {
    const root = article('Send an Idempotency-Key with every order; the key makes a retry safe.');
    new LazyMark(root).mark(['key']);
    await waitForMarks(root, 2);
    expect(marked(root)).toEqual(['Key', 'key']);
    new LazyMark(root).unmark();
    await waitForMarks(root, 0);
  });

  it('runs an unmark and a mark made together in their order: the new terms stay', async () => {
    const root = article('Orders and positions.');
    new LazyMark(root).mark(['orders']);
    const next = new LazyMark(root);
    next.unmark();
    next.mark(['positions']);
    await waitForMarks(root, 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(marked(root)).toEqual(['positions']);
  });
});

async function waitForMarks(root: HTMLElement, count: number): Promise<void> {
  for (let tries = 0; tries < 100 && root.querySelectorAll('mark').length !== count; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(root.querySelectorAll('mark')).toHaveLength(count);
}
