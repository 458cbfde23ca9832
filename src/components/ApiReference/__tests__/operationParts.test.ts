/** @jest-environment jsdom */
import { drawsInParts, operationParts, STACKED_LAYOUT_QUERY } from '../operationParts';

/** Redoc's section of one operation: the row with the middle panel (ending with the responses) and the samples. */
function operationSection(responses = 3) {
  const section = document.createElement('div');
  section.id = 'tag/Orders/operation/placeOrder';
  section.innerHTML = `
    <div data-section-id="operation/placeOrder">
      <div class="middle">
        <h2>Place an order</h2>
        <div class="request">Request body</div>
        <div class="responses"><h3>Responses</h3>${Array.from(
          { length: responses },
          (_, index) => `<div class="response">${index}</div>`,
        ).join('')}</div>
      </div>
      <div class="samples">Request samples</div>
    </div>`;
  document.body.replaceChildren(section);
  const get = (selector: string) => section.querySelector<HTMLElement>(selector)!;
  const shown = () =>
    [
      get('h2'),
      get('.request'),
      get('.responses'),
      ...Array.from(section.querySelectorAll<HTMLElement>('.response')),
      get('.samples'),
    ].map((element) => (element.closest('[style*="display: none"]') ? 'hidden' : element.className || element.tagName));
  return { section, shown };
}

describe('an operation drawn in parts', () => {
  test('hide leaves the summary and request; each step shows one more part, the samples last', () => {
    const { section, shown } = operationSection(3);
    const parts = operationParts(section);
    parts.hide();
    expect(shown()).toEqual(['H2', 'request', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden']);
    expect(parts.steps).toHaveLength(3);
    parts.steps[0]!();
    expect(shown()).toEqual(['H2', 'request', 'responses', 'response', 'hidden', 'hidden', 'hidden']);
    parts.steps[1]!();
    expect(shown()).toEqual(['H2', 'request', 'responses', 'response', 'response', 'response', 'hidden']);
    parts.steps[2]!();
    expect(shown()).toEqual(['H2', 'request', 'responses', 'response', 'response', 'response', 'samples']);
  });

  test('with one response there is no step for the others', () => {
    const { section, shown } = operationSection(1);
    const parts = operationParts(section);
    parts.hide();
    expect(parts.steps).toHaveLength(2);
    parts.steps.forEach((step) => step());
    expect(shown()).toEqual(['H2', 'request', 'responses', 'response', 'samples']);
  });

  test('showAll shows every part at once, wherever the steps had come to', () => {
    const { section, shown } = operationSection(3);
    const parts = operationParts(section);
    parts.hide();
    parts.steps[0]!();
    parts.showAll();
    expect(shown()).not.toContain('hidden');
  });

  test('a section that is not an operation row is left alone', () => {
    const section = document.createElement('div');
    section.innerHTML = '<h2>Orders</h2><p>A tag introduction</p>';
    const parts = operationParts(section);
    parts.hide();
    expect(parts.steps).toEqual([]);
    expect(section.innerHTML).toBe('<h2>Orders</h2><p>A tag introduction</p>');
    expect(operationParts(null).steps).toEqual([]);
  });
});

describe('where operations are drawn in parts', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  test('on screens where Redoc stacks the samples below the description (up to its 75rem breakpoint), not wider', () => {
    const asked: string[] = [];
    const screen = (matches: boolean) =>
      ((query: string) => {
        asked.push(query);
        return { matches } as MediaQueryList;
      }) as typeof window.matchMedia;
    window.matchMedia = screen(true);
    expect(drawsInParts()).toBe(true);
    window.matchMedia = screen(false);
    expect(drawsInParts()).toBe(false);
    expect(asked).toEqual([STACKED_LAYOUT_QUERY, STACKED_LAYOUT_QUERY]);
    expect(STACKED_LAYOUT_QUERY).toBe('(max-width: 75rem)');
  });
});
