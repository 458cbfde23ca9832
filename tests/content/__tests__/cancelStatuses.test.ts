import { loadBundled, type JsonObject } from '../../../openapi/descriptions';
import { readPage } from '../docsPages';

/**
 * The statuses a cancel is accepted in, as the quick start lists them: the statuses `x-transitions` lets a cancel
 * call move to `PENDING_CANCEL`, and `PENDING_CANCEL` itself (a repeat answers `202` again), which is what the
 * order lifecycle's table of update and cancel answers with `202`.
 */
const orderStatus = (
  (loadBundled('orders', { dereferenced: false }).components as JsonObject).schemas as Record<string, JsonObject>
).OrderStatus;
const transitions = orderStatus['x-transitions'] as Record<string, string[]>;
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** The statuses whose Cancel cell in the lifecycle table starts with `202`. */
function acceptedByTheLifecycleTable(): string[] {
  const table = readPage('trading-api/index.mdx').tables.find((candidate) =>
    candidate.rows[0]?.join('|').includes('Status|Update|Cancel'),
  );
  expect(table).toBeDefined();
  return (table?.rows ?? [])
    .slice(1)
    .filter(([, , cancel]) => cancel.startsWith('`202`'))
    .map(([status]) => codeSpans(status)[0]);
}

describe('the statuses a cancel is accepted in', () => {
  it('are the same in x-transitions and in the order lifecycle table', () => {
    const toPendingCancel = Object.entries(transitions)
      .filter(([, targets]) => targets.includes('PENDING_CANCEL'))
      .map(([status]) => status);
    expect([...toPendingCancel, 'PENDING_CANCEL'].sort()).toEqual(acceptedByTheLifecycleTable().sort());
  });

  it('are all listed where the quick start cancels its working order', () => {
    const quickStart = readPage('getting-started/first-test-order.mdx').prose;
    const sentence = /A cancel is accepted while the order is ([^:]*):/.exec(quickStart)?.[1] ?? '';
    const listed = codeSpans(sentence).filter((span) => span in transitions || span === 'PENDING_CANCEL');
    expect(listed.sort()).toEqual(acceptedByTheLifecycleTable().sort());
  });
});
