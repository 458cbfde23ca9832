/** @jest-environment jsdom */
import { levelOperationParts, makeSamplesFocusable } from '../useAccessibleReference';

function redocOperation(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <h2>Place a single equity order</h2>
    <h5>Authorizations:</h5>
    <h5 aria-level="4">Already levelled</h5>
    <pre>curl …</pre>
    <pre tabindex="-1">kept as Redoc set it</pre>`;
  return root;
}

test("Redoc's h5 parts of an operation are announced as level 3 under its h2", () => {
  const root = redocOperation();
  levelOperationParts(root);
  const levels = Array.from(root.querySelectorAll('h5')).map((heading) => heading.getAttribute('aria-level'));
  expect(levels).toEqual(['3', '4']);
});

test('code samples become focusable, so a keyboard can scroll them', () => {
  const root = redocOperation();
  makeSamplesFocusable(root);
  expect(Array.from(root.querySelectorAll('pre')).map((sample) => sample.getAttribute('tabindex'))).toEqual([
    '0',
    '-1',
  ]);
});
