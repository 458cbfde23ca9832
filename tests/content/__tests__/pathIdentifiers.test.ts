import { isObject } from '../../../openapi/descriptions';
import { docsFiles, readPage } from '../docsPages';
import { allOperations, allVersionedOperations, endpointPageOf, pathParametersOf } from '../operations';

/**
 * The one rule for identifiers in a path (Standard data formats, section Identifiers): one that names nothing
 * your firm can see, malformed included, is `404 NOT_FOUND` on every operation. The descriptions and the
 * endpoint pages must not promise a `400` for a malformed path identifier anywhere; the sandbox's side is
 * sandbox/__tests__/identifiers.test.ts.
 */

const operations = allOperations();

/** Words that describe an identifier of the wrong form. */
const MALFORMED = /\bUUID\b|malformed|format|pattern|lower case|lower-case/i;

/**
 * The sentences of `text` that name `name`, a word for the wrong form, and `400` or `INVALID_FIELD` (what they say
 * of the `Idempotency-Key` header, whose form is checked with a 400, left out).
 */
const promises400 = (text: string, name: string): string[] =>
  text
    .replace(/`Idempotency-Key`[^.;,(]*/g, '')
    .split(/(?<=\.)\s+|\n\n/)
    .filter((sentence) => new RegExp(`\\b${name}\\b`).test(sentence) && MALFORMED.test(sentence))
    .filter((sentence) => /\b400\b|INVALID_FIELD/.test(sentence));

const withPathIdentifiers = operations.filter((operation) => pathParametersOf(operation).length > 0);
/** Every version's (Trading API v2 too), for the checks of the descriptions alone. */
const versionedWithPathIdentifiers = allVersionedOperations().filter(
  (operation) => pathParametersOf(operation).length > 0,
);

describe('an operation with an identifier in its path', () => {
  it('is one of many (the check reads them all)', () => {
    expect(withPathIdentifiers.length).toBeGreaterThan(20);
  });

  it('lists 404 NOT_FOUND', () => {
    const missing = versionedWithPathIdentifiers
      .filter((operation) => {
        const notFound = (operation.definition.responses as Record<string, unknown>)['404'];
        return !isObject(notFound) || !JSON.stringify(notFound).includes('NOT_FOUND');
      })
      .map((operation) => `${operation.version} ${operation.operationId}`);
    expect(missing).toEqual([]);
  });

  it('documents no 400 for a malformed path identifier: not in its 400 response, nor in the parameter', () => {
    const wrong = versionedWithPathIdentifiers.flatMap((operation) =>
      pathParametersOf(operation).flatMap((parameter) => {
        const name = String(parameter.name);
        const problems: string[] = [];
        const badRequest = (operation.definition.responses as Record<string, unknown>)['400'];
        if (isObject(badRequest)) {
          const fields = [...JSON.stringify(badRequest).matchAll(/"field":"([^"]+)"/g)].map((match) => match[1]);
          if (fields.includes(name)) problems.push(`${operation.operationId}: a 400 example names ${name}`);
          for (const sentence of promises400(String(badRequest.description ?? ''), name))
            problems.push(`${operation.operationId} 400: ${sentence}`);
        }
        for (const sentence of promises400(String(parameter.description ?? ''), name))
          problems.push(`${operation.operationId} parameter ${name}: ${sentence}`);
        return problems;
      }),
    );
    expect(wrong).toEqual([]);
  });
});

/** The path parameter names of the operations each endpoint page documents (`x-docs-path`), by file. */
function pathNamesByPage(): Map<string, string[]> {
  const files = docsFiles();
  const byPage = new Map<string, string[]>();
  for (const operation of withPathIdentifiers) {
    const file = endpointPageOf(operation, files);
    if (!file) continue;
    byPage.set(file, [...(byPage.get(file) ?? []), ...pathParametersOf(operation).map((p) => String(p.name))]);
  }
  return byPage;
}

describe('the endpoint pages', () => {
  it('have no 400 error row for a path identifier of the wrong form', () => {
    const byPage = pathNamesByPage();
    expect(byPage.size).toBeGreaterThan(20);
    const wrong = [...byPage].flatMap(([file, names]) =>
      readPage(file).tables.flatMap((table) =>
        table.rows
          .filter((cells) => cells.some((cell) => /^`?400`?$/.test(cell)))
          .filter((cells) => names.some((name) => promises400(cells.join(' | '), name).length > 0))
          .map((cells) => `${file}: ${cells.join(' | ')}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('nor does any other page: a table row with 400 never says a path ID is not a UUID', () => {
    const uuidNames = [
      ...new Set(
        withPathIdentifiers.flatMap((operation) =>
          pathParametersOf(operation)
            .filter((parameter) => isObject(parameter.schema) && parameter.schema.format === 'uuid')
            .map((parameter) => String(parameter.name)),
        ),
      ),
    ];
    expect(uuidNames).toEqual(expect.arrayContaining(['orderId', 'documentId', 'applicationId']));
    const notUuid = new RegExp(`\`(?:${uuidNames.join('|')})\`[^|]*(?:is not|isn't) a UUID`);
    const wrong = docsFiles().flatMap((file) =>
      readPage(file).tables.flatMap((table) =>
        table.rows
          .filter((cells) => cells.some((cell) => /^`?400`?$/.test(cell)))
          .filter((cells) => notUuid.test(cells.join(' | ').replace(/`Idempotency-Key`[^.;,(|]*/g, '')))
          .map((cells) => `${file}: ${cells.join(' | ')}`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});
