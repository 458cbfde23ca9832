import { API_NAMES, loadBundled, type JsonObject } from '../../../openapi/descriptions';
import { ERROR_TABLE_COLUMNS, ERROR_TABLE_HEADER } from '../../../contracts/content/errorTable';
import { docsFiles, readPage } from '../docsPages';

/**
 * Every table of errors on a docs page has the one layout of `contracts/content/errorTable.ts`: HTTP status, code,
 * meaning, what to do. A table is a table of errors when a row gives an HTTP status and one error code of the
 * descriptions (an enumeration named `…ErrorCode`), each in a cell of its own or together (`409 CONFLICT`). An index
 * of the codes each operation returns (no status) and the sandbox's outcomes (an order status or a code, no HTTP
 * status) are not tables of errors.
 */

const errorCodes = new Set(
  API_NAMES.flatMap((api) =>
    Object.entries(
      ((loadBundled(api, { dereferenced: false }).components as JsonObject).schemas ?? {}) as Record<
        string,
        JsonObject
      >,
    )
      .filter(([name, schema]) => name.endsWith('ErrorCode') && Array.isArray(schema.enum))
      .flatMap(([, schema]) => (schema.enum as unknown[]).map(String)),
  ),
);

const isCode = (cell: string): boolean => errorCodes.has(/^`([A-Z][A-Z_]+)`$/.exec(cell)?.[1] ?? '');
const isStatus = (cell: string): boolean => /^`?[1-5]\d\d`?$/.test(cell);
const isStatusAndCode = (cell: string): boolean =>
  errorCodes.has(/^`?[1-5]\d\d ([A-Z][A-Z_]+)`?$/.exec(cell)?.[1] ?? '');
const namesOneError = (cells: readonly string[]): boolean =>
  cells.some(isStatusAndCode) || (cells.some(isStatus) && cells.some(isCode));

const tables = docsFiles()
  .map(readPage)
  .flatMap((page) =>
    page.tables
      .filter((table) => table.rows.slice(1).some(namesOneError))
      .map((table) => ({ where: `${page.file}:${table.line}`, header: table.rows[0], rows: table.rows.slice(1) })),
  );

describe('the tables of errors', () => {
  it('are found on the pages that have them', () => {
    expect([...errorCodes]).toEqual(expect.arrayContaining(['SCOPE_MISSING', 'INSUFFICIENT_BUYING_POWER']));
    // The standard errors page, the three error appendices, every endpoint page and the guides' errors.
    expect(tables.length).toBeGreaterThanOrEqual(50);
    expect(tables.map((table) => table.where)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^getting-started\/standard-errors\.mdx:/)]),
    );
  });

  it(`have one header row: ${ERROR_TABLE_HEADER.split('\n')[0]}`, () => {
    const other = tables
      .filter((table) => table.header.join(' | ') !== ERROR_TABLE_COLUMNS.join(' | '))
      .map((table) => `${table.where}: | ${table.header.join(' | ')} |`);
    expect(other).toEqual([]);
  });

  it('give in each row an HTTP status and one error code, in that order, and a meaning and what to do', () => {
    const wrong = tables.flatMap((table) =>
      table.rows
        .filter(
          ([status, code, meaning, whatToDo, ...rest]) =>
            !/^`[1-5]\d\d`$/.test(status ?? '') || !isCode(code ?? '') || !meaning || !whatToDo || rest.length > 0,
        )
        .map((cells) => `${table.where}: | ${cells.join(' | ')} |`),
    );
    expect(wrong).toEqual([]);
  });
});
