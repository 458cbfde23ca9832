/**
 * An operation drawn in the background on a narrow screen appears over a few frames, so that the browser styles and lays out a part
 * of it at a time: first its summary and request, then its first response, then the other responses, then its
 * samples. Drawn at once, an operation of the orders page cost one task of 120-270 ms at 4x CPU on a phone, and a
 * reader's tap or scroll waited for it.
 *
 * The parts are Redoc's elements, found by their place in its operation row (`[data-section-id]`): the middle
 * panel first, ending with the responses (a heading, then one block per response), and the samples panel last.
 * Each is hidden with an inline `display: none` on that element alone, so showing it restyles that part only
 * (an attribute on the section with selectors below it made the browser restyle the whole operation each frame).
 */

/**
 * Where Redoc stacks an operation's samples below its description (up to its `medium` breakpoint): there an
 * operation is one long column, and drawing it at once cost the most (120-270 ms at 4x CPU at 412 px). Beside the
 * description (wider), an operation drawn at once took 55-95 ms at 4x, less than four frames of parts, so it is.
 */
export const STACKED_LAYOUT_QUERY = '(max-width: 75rem)';

/** Whether operations drawn in the background appear in parts here (the stacked layout). */
export function drawsInParts(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(STACKED_LAYOUT_QUERY).matches;
}

export interface OperationParts {
  /** Hides every part but the first; call before the browser draws the operation. */
  readonly hide: () => void;
  /** Each shows one more part, in order; call one per frame. */
  readonly steps: readonly (() => void)[];
  /** Shows every part (what the steps end with): when the operation is wanted whole, or the page goes. */
  readonly showAll: () => void;
}

const NONE: OperationParts = { hide: () => undefined, steps: [], showAll: () => undefined };

/** The parts of the operation drawn in `section` (Redoc's section of one operation). */
export function operationParts(section: Element | null): OperationParts {
  const row = section?.querySelector(':scope > [data-section-id]');
  const middle = row?.firstElementChild;
  const samples = row?.lastElementChild;
  const responses = middle?.lastElementChild;
  if (!row || !middle || !samples || samples === middle || !responses) return NONE;
  // The heading and the first response come with the responses; the others after them.
  const laterResponses = Array.from(responses.children).slice(2) as HTMLElement[];
  const hidden = [responses as HTMLElement, ...laterResponses, samples as HTMLElement];
  const show = (elements: HTMLElement[]) => elements.forEach((element) => element.style.removeProperty('display'));
  return {
    hide: () => hidden.forEach((element) => element.style.setProperty('display', 'none')),
    steps: [
      () => show([responses as HTMLElement]),
      () => show(laterResponses),
      () => show([samples as HTMLElement]),
    ].filter((_, index) => index !== 1 || laterResponses.length > 0),
    showAll: () => show(hidden),
  };
}
