/**
 * What the docs pages and the /api reference show of the behaviour the descriptions hold as data: a status
 * enumeration's `x-transitions` (where each status that is not final can move) and an operation's
 * `x-sandbox-test-values` (what a request sends, and the outcome it forces in the sandbox). Readers never see
 * an extension's name: the endpoint pages (`plugins/remark-api-reference`) and the reference
 * (`plugins/api-reference`) both show these rows, read here, and the descriptions' prose refers to what they show.
 */
import { isObject, type JsonObject } from '../../openapi/document';

/** One status that is not final, and the statuses it can move to (in the description's order). */
export interface Transition {
  readonly from: string;
  readonly to: readonly string[];
}

/** The `x-transitions` of a schema, or none. */
export function transitionsOf(schema: JsonObject): Transition[] {
  const transitions = schema['x-transitions'];
  if (!isObject(transitions)) return [];
  return Object.entries(transitions).map(([from, to]) => ({
    from,
    to: Array.isArray(to) ? to.map(String) : [],
  }));
}

/** One row of `x-sandbox-test-values` as a page shows it: what you send, and the values of its outcome. */
export interface TestValue {
  /** Markdown. */
  readonly when: string;
  /** The enumeration values the row forces (`PARTIALLY_FILLED`; `REJECTED`, `IDENTITY_NOT_VERIFIED`). */
  readonly outcome: readonly string[];
}

/** The `x-sandbox-test-values` of an operation, or none. */
export function testValuesOf(operation: JsonObject): TestValue[] {
  const rows = operation['x-sandbox-test-values'];
  return (Array.isArray(rows) ? rows.filter(isObject) : []).map((row) => ({
    when: String(row.when ?? ''),
    outcome: Object.values(isObject(row.outcome) ? row.outcome : {}).map(String),
  }));
}

/** The heading the test values have on an endpoint page and in the reference: the operations' prose names it. */
export const TEST_VALUES_HEADING = 'Sandbox test values';

/** Where the sandbox guide says what happens after each test value. */
export const TEST_VALUES_GUIDE = '/docs/getting-started/sandbox';

const codes = (values: readonly string[]) => values.map((value) => `\`${value}\``);

/** `` `A` ``, `` `A` or `B` ``, `` `A`, `B` or `C` ``. */
function alternatives(values: readonly string[]): string {
  const quoted = codes(values);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** The sentence that introduces the transitions; the descriptions' prose points at it by its first word. */
export const TRANSITIONS_INTRODUCTION = 'Transitions, from each status that is not final:';

/** The transitions as Markdown: an introduction and one list item per status that is not final. */
export function transitionsMarkdown(transitions: readonly Transition[]): string {
  if (transitions.length === 0) return '';
  const items = transitions.map(({ from, to }) => `- \`${from}\` can move to ${alternatives(to)}.`);
  return [TRANSITIONS_INTRODUCTION, '', ...items].join('\n');
}

/** The outcome cell of a test value: its values in code, comma-separated. */
export const outcomeMarkdown = (outcome: readonly string[]): string => codes(outcome).join(', ');

/** The sentence above the test values table. */
export const testValuesIntroduction = (guide: string): string =>
  `In the sandbox, each of these requests forces the outcome beside it; production ignores them. [Sandbox test values](${guide}) says what happens after each one.`;

/**
 * The test values as Markdown for the reference: a list, one row an item (what you send: the outcome). The
 * endpoint pages show a table, whose columns the docs' styles size to their words; Redoc's tables would break
 * `INSUFFICIENT_BUYING_POWER` on a phone, while a list item wraps a kept word whole.
 */
export function testValuesMarkdown(rows: readonly TestValue[]): string {
  if (rows.length === 0) return '';
  const item = (markdown: string) => markdown.replaceAll('\n', ' ').trim();
  return [
    `**${TEST_VALUES_HEADING}**`,
    '',
    testValuesIntroduction(TEST_VALUES_GUIDE),
    '',
    ...rows.map((row) => `- ${item(row.when)}: ${outcomeMarkdown(row.outcome)}.`),
  ].join('\n');
}
