import { API_NAMES, loadBundled } from '../../../openapi/descriptions';
import { isObject, type JsonObject } from '../../../openapi/document';
import { TRANSITIONS_INTRODUCTION } from '../../lib/behaviourProse';
import { withBehaviourShown } from '../behaviourShown';

const orders = loadBundled('orders', { dereferenced: false });
const schemas = (description: JsonObject) => (description.components as JsonObject).schemas as JsonObject;
const placeEquityOrder = (description: JsonObject) =>
  ((description.paths as JsonObject)['/orders/equity'] as JsonObject).post as JsonObject;

/** Every string under a `description` or `summary` key: the prose Redoc and the docs pages show. */
function prose(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(prose);
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    ['description', 'summary'].includes(key) && typeof child === 'string' ? [child] : prose(child),
  );
}

describe('withBehaviourShown', () => {
  it('lists a status schema’s transitions at the end of its description, one item per status that is not final', () => {
    const status = schemas(withBehaviourShown(orders)).OrderStatus as JsonObject;
    const transitions = (schemas(orders).OrderStatus as JsonObject)['x-transitions'] as Record<string, string[]>;
    const description = String(status.description);
    expect(description).toContain('the transitions listed below');
    const list = description.slice(description.indexOf(TRANSITIONS_INTRODUCTION));
    expect(list.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(Object.keys(transitions).length);
    expect(list).toContain('- `PENDING_CANCEL` can move to `CANCELED`, `FILLED` or `EXPIRED`.');
  });

  it('ends an operation’s description with its sandbox test values, every row of them', () => {
    const operation = placeEquityOrder(withBehaviourShown(orders));
    const rows = placeEquityOrder(orders)['x-sandbox-test-values'] as { when: string }[];
    const description = String(operation.description);
    expect(description).toContain('listed under Sandbox test values below');
    const list = description.slice(description.indexOf('**Sandbox test values**'));
    for (const row of rows) expect(list).toContain(`\n- ${row.when}: `);
    expect(list).toContain('\n- Any order for `XRJT`: `REJECTED`.');
  });

  it('leaves the original as it was (the downloads are written from it)', () => {
    withBehaviourShown(orders);
    expect(String((schemas(orders).OrderStatus as JsonObject).description)).not.toContain(TRANSITIONS_INTRODUCTION);
  });

  it.each(API_NAMES)('%s: no prose names the extensions it shows, which readers never see', (api) => {
    const named = prose(loadBundled(api, { dereferenced: false })).filter((text) =>
      /x-transitions|x-sandbox-test-values/.test(text),
    );
    expect(named).toEqual([]);
  });
});
