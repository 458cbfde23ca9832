import { API_NAMES, loadBundled, operationsOf, type ApiName, type JsonObject } from '../../../openapi/descriptions';
import { ERROR_TABLE_COLUMNS } from '../../../contracts/content/errorTable';
import { docsFiles, readPage } from '../docsPages';

/**
 * The appendix tables of enumerated values and error codes must list exactly the values of the
 * description's schema. A table names its schema with an MDX comment right above it:
 *
 *     {/* enum: orders#OrderStatus *\/}
 *     | Value | Meaning |
 *
 * Its first column holds the values, each in backticks; in a table of error codes, which has the one layout of
 * errors tables (`contracts/content/errorTable.ts`), its Code column does.
 */
const enums: { api: ApiName; name: string; values: string[] }[] = API_NAMES.flatMap((api) => {
  const schemas = ((loadBundled(api, { dereferenced: false }).components as JsonObject).schemas ?? {}) as Record<
    string,
    JsonObject
  >;
  return Object.entries(schemas)
    .filter(([, schema]) => Array.isArray(schema.enum))
    .map(([name, schema]) => ({ api, name, values: (schema.enum as unknown[]).filter((v) => v !== null).map(String) }));
});

const tables = docsFiles()
  .map(readPage)
  .flatMap((page) =>
    page.tables
      .filter((table) => table.marker?.startsWith('enum:'))
      .map((table) => ({
        where: `${page.file}:${table.line}`,
        schema: table.marker!.slice('enum:'.length).trim(),
        values: table.rows.slice(1).map((cells) => {
          const cell = cells[Math.max(0, table.rows[0].indexOf(ERROR_TABLE_COLUMNS[1]))];
          return /^`([^`]+)`/.exec(cell)?.[1] ?? `(not a value: ${cell})`;
        }),
      })),
  );

const key = (api: string, name: string) => `${api}#${name}`;
const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

describe('the appendix tables of values and error codes', () => {
  it('name schemas that exist, and list exactly their values', () => {
    expect(tables.length).toBeGreaterThan(0);
    const wrong = tables.flatMap((table) => {
      const schema = enums.find((candidate) => key(candidate.api, candidate.name) === table.schema);
      if (!schema) return [`${table.where}: no enumeration ${table.schema} in openapi/`];
      const missing = schema.values.filter((value) => !table.values.includes(value));
      const extra = table.values.filter((value) => !schema.values.includes(value));
      return missing.length + extra.length === 0
        ? []
        : [
            `${table.where} (${table.schema}): missing ${missing.join(', ') || 'none'}; not in the schema ${extra.join(', ') || 'none'}`,
          ];
    });
    expect(wrong).toEqual([]);
  });

  it('cover every enumeration of every description', () => {
    // An enumeration shared by two descriptions with the same values needs one table.
    const uncovered = enums
      .filter(
        (schema) =>
          !tables.some((table) => {
            const documented = enums.find((candidate) => key(candidate.api, candidate.name) === table.schema);
            return documented?.name === schema.name && sameValues(documented.values, schema.values);
          }),
      )
      .map((schema) => key(schema.api, schema.name));
    expect(uncovered).toEqual([]);
  });
});

/**
 * The Accounts error appendix says it lists every error code; its "Errors by operation" table must have a
 * row for each operation of the accounts and onboarding descriptions (written `METHOD /path`), naming the
 * codes the operation's error responses give (in their examples or their descriptions), other than the
 * codes every operation can return, which the page lists once above the table.
 */
describe('the Accounts error appendix', () => {
  const EVERY_OPERATION = ['UNAUTHENTICATED', 'SCOPE_MISSING', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
  const known = enums.find((schema) => schema.api === 'accounts' && schema.name === 'ErrorCode')?.values ?? [];
  const codesIn = (value: unknown): string[] => {
    if (typeof value === 'string') return known.filter((code) => new RegExp(`\\b${code}\\b`).test(value));
    if (Array.isArray(value)) return value.flatMap(codesIn);
    // A schema lists every code of the enumeration; only descriptions and examples name an operation's codes.
    if (value && typeof value === 'object')
      return Object.entries(value)
        .filter(([key]) => key !== 'schema')
        .flatMap(([, inner]) => codesIn(inner));
    return [];
  };
  const operations = (['accounts', 'onboarding'] as const).flatMap((api) =>
    operationsOf(api, loadBundled(api, { dereferenced: true })).map((operation) => {
      const responses = Object.entries((operation.definition.responses ?? {}) as Record<string, JsonObject>);
      const errors = responses.filter(([status]) => /^[45]/.test(status)).map(([, response]) => response);
      const codes = [...new Set(codesIn(errors))].filter((code) => !EVERY_OPERATION.includes(code));
      return { name: `${operation.method} ${operation.path}`, codes };
    }),
  );
  const rows = readPage('accounts-api/appendix/errors.mdx')
    .tables.filter((table) => table.rows[0]?.[0] === 'Operation')
    .flatMap((table) => table.rows.slice(1))
    .map(([operation, codes]) => ({
      name: /`((?:GET|POST|PUT|PATCH|DELETE) [^`]+)`/.exec(operation)?.[1] ?? operation,
      codes: [...codes.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]),
    }));

  it('has a row for every operation, the sandbox deposit and reset included, and for nothing else', () => {
    expect(operations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining(['POST /sandbox/accounts/{accountNumber}/deposits', 'POST /sandbox/reset']),
    );
    expect(rows.map((row) => row.name).sort()).toEqual(operations.map((operation) => operation.name).sort());
  });

  it("lists in each row exactly the codes of the operation's error responses", () => {
    const wrong = operations.flatMap((operation) => {
      const listed = rows.find((row) => row.name === operation.name)?.codes ?? [];
      return sameValues(listed, operation.codes)
        ? []
        : [
            `${operation.name}: the description gives ${operation.codes.join(', ')}; the row lists ${listed.join(', ')}`,
          ];
    });
    expect(wrong).toEqual([]);
  });
});
