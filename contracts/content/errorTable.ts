/**
 * The one layout of a table of errors, wherever the docs show one (the standard errors page, the appendices, each
 * endpoint page's errors, the guides): one row per error, its HTTP status, its code, what it means and what to do
 * about it. A reader, or an assistant reading the page's Markdown, finds the same four columns in the same order
 * everywhere. `tests/content/__tests__/errorTables.test.ts` fails on a table of errors with another header row.
 */
export const ERROR_TABLE_COLUMNS = ['HTTP status', 'Code', 'Meaning', 'What to do'] as const;

/** The header row and its separator, as a page writes them in Markdown. */
export const ERROR_TABLE_HEADER = [
  `| ${ERROR_TABLE_COLUMNS.join(' | ')} |`,
  `| ${ERROR_TABLE_COLUMNS.map(() => '---').join(' | ')} |`,
].join('\n');
