/** @jest-environment node */
import { API_NAMES, loadBundled, type ApiName, type JsonObject } from '../../../openapi/descriptions';
import { docsFiles, readPage } from '../docsPages';

/**
 * The appendix tables of enumerated values and error codes must list exactly the values of the
 * description's schema. A table names its schema with an MDX comment right above it:
 *
 *     {/* enum: orders#OrderStatus *\/}
 *     | Value | Meaning |
 *
 * Its first column holds the values, each in backticks.
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
        values: table.rows.slice(1).map((cells) => /^`([^`]+)`/.exec(cells[0])?.[1] ?? `(not a value: ${cells[0]})`),
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
