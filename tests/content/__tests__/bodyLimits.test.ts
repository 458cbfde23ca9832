import { isObject, type JsonObject } from '../../../openapi/descriptions';
import { docsFiles, readPage } from '../docsPages';
import { allOperations, allVersionedOperations, endpointPageOf, responsesOf } from '../operations';

/**
 * Body limits (API standards, Request and response bodies): every description that takes bodies states the
 * largest one per media type in `x-max-body-bytes`, every operation with a request body lists the `413
 * PAYLOAD_TOO_LARGE` it answers beyond that, on its endpoint page too, and no operation without one lists it.
 * The sandbox's side is sandbox/__tests__/limits.test.ts.
 */

const operations = allOperations();
/** Every version's (Trading API v2 too), for the checks of the descriptions alone. */
const versioned = allVersionedOperations();

describe('an operation with a request body', () => {
  const withBody = operations.filter((operation) => isObject(operation.definition.requestBody));

  it('has a limit for each of its media types in x-max-body-bytes', () => {
    expect(withBody.length).toBeGreaterThan(10);
    expect(versioned.filter((operation) => operation.version === 'v2').length).toBeGreaterThan(10);
    const missing = versioned
      .filter((operation) => isObject(operation.definition.requestBody))
      .flatMap((operation) => {
        const content = (operation.definition.requestBody as JsonObject).content as JsonObject;
        const limits = isObject(operation.info['x-max-body-bytes']) ? operation.info['x-max-body-bytes'] : {};
        return Object.keys(content)
          .filter((type) => typeof limits[type] !== 'number')
          .map((type) => `${operation.version} ${operation.operationId}: ${type}`);
      });
    expect(missing).toEqual([]);
  });

  it('lists 413 PAYLOAD_TOO_LARGE, and one without a body does not', () => {
    const wrong = versioned.flatMap((operation) => {
      const lists = JSON.stringify(responsesOf(operation)['413'] ?? null).includes('PAYLOAD_TOO_LARGE');
      const takesBody = isObject(operation.definition.requestBody);
      return lists === takesBody
        ? []
        : [`${operation.version} ${operation.operationId}: body ${takesBody}, 413 ${lists}`];
    });
    expect(wrong).toEqual([]);
  });

  it('has a 413 PAYLOAD_TOO_LARGE row on its endpoint page', () => {
    const files = docsFiles();
    const wrong = withBody.flatMap((operation) => {
      const file = endpointPageOf(operation, files);
      if (!file) return [`${operation.operationId}: no page`];
      const rows = readPage(file).tables.flatMap((table) => table.rows);
      const listed = rows.some(
        (cells) => cells.some((cell) => /^`?413`?$/.test(cell)) && cells.includes('`PAYLOAD_TOO_LARGE`'),
      );
      return listed ? [] : [`${file}: no 413 PAYLOAD_TOO_LARGE row`];
    });
    expect(wrong).toEqual([]);
  });
});
