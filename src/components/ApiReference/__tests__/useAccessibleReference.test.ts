/** @jest-environment jsdom */
import { addedElements, levelOperationParts, makeSamplesFocusable } from '../useAccessibleReference';

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

/** Runs a MutationObserver over `root` while `change` runs, and gives back its records. */
async function recordsOf(root: HTMLElement, change: () => void): Promise<MutationRecord[]> {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(root, { childList: true, subtree: true });
  change();
  await Promise.resolve();
  observer.disconnect();
  return records;
}

describe('what Redoc added since the last look (addedElements)', () => {
  test('an added element is looked at once, with what it holds, and not again through a child added in it', async () => {
    const root = redocOperation();
    document.body.append(root);
    const section = document.createElement('section');
    const sample = document.createElement('pre');
    const records = await recordsOf(root, () => {
      root.append(section);
      section.append(sample);
      root.append(document.createTextNode('text is not an element'));
    });
    expect(addedElements(records)).toEqual([section]);
    root.remove();
  });

  test('an element removed again before the look is not looked at', async () => {
    const root = redocOperation();
    document.body.append(root);
    const gone = document.createElement('pre');
    const records = await recordsOf(root, () => {
      root.append(gone);
      gone.remove();
    });
    expect(addedElements(records)).toEqual([]);
    root.remove();
  });

  test('a sample or part that is itself the added element is fixed too, and what was there before is left alone', async () => {
    const root = redocOperation();
    document.body.append(root);
    const sample = document.createElement('pre');
    const part = document.createElement('h5');
    const records = await recordsOf(root, () => root.append(sample, part));
    for (const element of addedElements(records)) {
      makeSamplesFocusable(element);
      levelOperationParts(element);
    }
    expect([sample.getAttribute('tabindex'), part.getAttribute('aria-level')]).toEqual(['0', '3']);
    // The samples and parts that were already there are not looked at again (the hook's first look fixes them).
    expect(root.querySelector('pre')?.getAttribute('tabindex')).toBeNull();
    root.remove();
  });
});
