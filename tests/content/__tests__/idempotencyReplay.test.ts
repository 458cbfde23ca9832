import { API_NAMES, isObject, loadDereferenced, operationsOf, type JsonObject } from '../../../openapi/descriptions';
import { docsFiles, readPage, textLines } from '../docsPages';

/**
 * What an `Idempotency-Key` replays is written down once, the same way in the descriptions and on API standards
 * (Replay behavior): every 2xx and every 4xx the operation gave, not a 5xx, a 429 or a conflict in flight; and
 * the account updates take an optional key, because a retry without one meets the review the change opened.
 * The sandbox's side is sandbox/__tests__/idempotency.test.ts.
 */

const keyParameters = API_NAMES.flatMap((api) =>
  operationsOf(api, loadDereferenced(api)).flatMap((operation) =>
    (Array.isArray(operation.definition.parameters) ? operation.definition.parameters : [])
      .filter(isObject)
      .filter((parameter) => parameter.name === 'Idempotency-Key')
      .map((parameter) => ({ operation, parameter })),
  ),
);

const REPLAY_RULE = [/`2xx`/, /`4xx`/, /`5xx`/, /`429`/, /`409 CONFLICT`/, /24 hours/];

describe('the Idempotency-Key parameter', () => {
  it('says on every operation that takes it which answers a retry replays and which it runs again', () => {
    expect(keyParameters.length).toBeGreaterThanOrEqual(15);
    const wrong = keyParameters.flatMap(({ operation, parameter }) => {
      const description = String(parameter.description ?? '');
      const rule = parameter.required === true ? description : `${description} ${sharedRule()}`;
      return REPLAY_RULE.filter((pattern) => !pattern.test(rule)).map(
        (pattern) => `${operation.operationId}: ${String(pattern)}`,
      );
    });
    expect(wrong).toEqual([]);
  });

  it('is optional on the three account updates, which say how a retry of a change under review is answered', () => {
    const updates = keyParameters.filter(({ operation }) => operation.method === 'PATCH');
    expect(updates.map(({ operation, parameter }) => [operation.operationId, parameter.required])).toEqual([
      ['updateAccountAddresses', false],
      ['updateAssociatedParty', false],
      ['updatePrimaryOwner', false],
    ]);
    for (const { operation, parameter } of updates) {
      expect(String(parameter.description)).toMatch(/applicationId/);
      expect(String(operation.definition.description)).not.toMatch(/take no `Idempotency-Key`/);
      expect(String(operation.definition.description)).toMatch(/409 CONFLICT/);
    }
  });
});

/** The rule as the required parameter states it (the optional one refers to it: "as for a creating request"). */
function sharedRule(): string {
  const required = keyParameters.find(({ parameter }) => parameter.required === true);
  return String((required?.parameter as JsonObject | undefined)?.description ?? '');
}

describe('the docs pages', () => {
  it('give the replay rule in a table on API standards, 5xx run again and 4xx replayed', () => {
    const standards = readPage('getting-started/standards.mdx');
    const rows = standards.tables.flatMap((table) => table.rows);
    const row = (first: RegExp) => rows.find((cells) => first.test(cells[0]));
    expect(row(/^Any `2xx`$/)?.[1]).toBe('Yes');
    expect(row(/^A `4xx` the operation gave/)?.[1]).toBe('Yes');
    expect(row(/^`500` or `503`$/)?.[1]).toBe('No');
    expect(row(/^`429`, or `409 CONFLICT` while/)?.[1]).toBe('No');
  });

  it('never say that a PATCH takes no key or is always safe to retry, nor retry a 422 with the same key', () => {
    const wrong = docsFiles().flatMap((file) =>
      textLines(readPage(file))
        .filter(
          ({ text }) =>
            /`PATCH` requests take no `Idempotency-Key`|`PATCH` is (?:always )?safe to retry|PATCH` updates take no/.test(
              text,
            ) || /after a deposit settles\.$/.test(text.trim()),
        )
        .map(({ line, text }) => `${file}:${line}: ${text.trim().slice(0, 100)}`),
    );
    expect(wrong).toEqual([]);
  });
});
