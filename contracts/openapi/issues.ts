/**
 * What a failed check says, in the descriptions' words: Ajv's errors as problems named by field (`allocations[0].quantity`),
 * and each problem as the issue code the API documents in `error.details[].issue` of a `400 INVALID_FIELD`
 * (`ValidationIssue` in openapi/shared/common.yaml for accounts, onboarding and documents; `OrderValidationIssue`
 * in openapi/orders.yaml for orders; the errors pages list both).
 *
 * Plain code, no imports (Ajv's errors are read by their shape): the browser, the build, the Node server and the
 * Worker all load it as it is.
 */

/** An error of a compiled check, as Ajv reports it (`data` only when compiled with `verbose`). */
export interface CheckError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
  readonly data?: unknown;
}

/** One problem with a request or response: the field in dot notation and what is wrong with it. */
export interface Problem {
  readonly field: string;
  /** The JSON Schema keyword that failed (`required`, `pattern`, `enum`, `additionalProperties`, …). */
  readonly keyword: string;
  readonly message: string;
  /** For `pattern`: the pattern and the value that failed it, from which the issue code is told. */
  readonly pattern?: string;
  readonly value?: unknown;
}

/** Keywords that only say that one of their branches failed: the branch's own errors say what. */
const COMBINATORS = new Set(['oneOf', 'anyOf', 'if', 'allOf', 'not']);

/**
 * A field's path as Standard errors writes it, in dot notation with array indexes: `['allocations', '0',
 * 'quantity']` → `allocations[0].quantity`.
 */
export function fieldPath(parts: readonly string[]): string {
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** A JSON pointer's parts, unescaped: `/body/a~1b/0` → `['body', 'a/b', '0']`. */
export function pointerParts(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The parts of the field an error is about: its instance path, and the property it names (`required`, …). */
export function errorFieldParts(error: CheckError): string[] {
  const parts = pointerParts(error.instancePath);
  const { params } = error;
  if (error.keyword === 'required') parts.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(params.additionalProperty));
  if (error.keyword === 'unevaluatedProperties') parts.push(String(params.unevaluatedProperty));
  return parts;
}

/** A check's errors as problems, one per field and keyword, their fields under `prefix` when given. */
export function problemsOf(errors: readonly CheckError[] | null | undefined, prefix = ''): Problem[] {
  const seen = new Set<string>();
  return (errors ?? [])
    .filter((error) => !COMBINATORS.has(error.keyword))
    .map((error): Problem => {
      const field = [prefix, fieldPath(errorFieldParts(error))].filter(Boolean).join('.');
      const message = `${field || 'body'} ${error.message ?? 'is invalid'}`;
      return error.keyword === 'pattern'
        ? { field, keyword: error.keyword, message, pattern: String(error.params.pattern), value: error.data }
        : { field, keyword: error.keyword, message };
    })
    .filter((problem) => {
      const key = `${problem.field}|${problem.keyword}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The two issue vocabularies of the descriptions. */
export type IssueVocabulary = 'ValidationIssue' | 'OrderValidationIssue';

/** Each vocabulary's code for a failed keyword, and its code for any other. */
const ISSUES: Readonly<
  Record<IssueVocabulary, { readonly byKeyword: Readonly<Record<string, string>>; readonly other: string }>
> = {
  ValidationIssue: {
    byKeyword: {
      required: 'required',
      additionalProperties: 'not_allowed',
      unevaluatedProperties: 'not_allowed',
      false: 'not_allowed',
      pattern: 'invalid_format',
      format: 'invalid_format',
      type: 'invalid_format',
      enum: 'invalid_value',
      const: 'invalid_value',
      maxLength: 'too_long',
      minimum: 'out_of_range',
      maximum: 'out_of_range',
      exclusiveMinimum: 'out_of_range',
      exclusiveMaximum: 'out_of_range',
      minItems: 'out_of_range',
      maxItems: 'out_of_range',
      // A file part over its `x-max-bytes` (the sandbox checks it; JSON Schema has no keyword for it).
      'x-max-bytes': 'too_large',
    },
    other: 'invalid_value',
  },
  OrderValidationIssue: {
    byKeyword: {
      required: 'required',
      additionalProperties: 'not_allowed',
      unevaluatedProperties: 'not_allowed',
      false: 'not_allowed',
      pattern: 'format',
      format: 'format',
      type: 'format',
      enum: 'enum',
      const: 'enum',
      minimum: 'minimum',
      exclusiveMinimum: 'minimum',
      minItems: 'min_items',
      uniqueItems: 'duplicate',
    },
    other: 'invalid',
  },
};

/**
 * What a decimal string that fails a pattern for numbers breaks, in `OrderValidationIssue` names (Standard errors):
 * a fraction where the pattern takes whole numbers only (`whole_number`, such as `"10.5"` shares of a block),
 * more decimal places than it takes (`precision`, such as a quantity with seven), or zero where it takes only
 * numbers from one (`minimum`, such as an allocation of `"0"`). Anything else is `format`.
 */
export function orderPatternIssue(pattern: string, value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9]+(\.[0-9]+)?$/.test(value)) return 'format';
  const accepts = (text: string) => new RegExp(pattern, 'u').test(text);
  const [whole, fraction = ''] = value.split('.');
  if (fraction !== '' && accepts('1') && !accepts('1.5')) return 'whole_number';
  for (let places = fraction.length - 1; places >= 1; places -= 1) {
    if (accepts(`${whole}.${fraction.slice(0, places)}`)) return 'precision';
  }
  if (/^0+(\.0+)?$/.test(value) && accepts('1')) return 'minimum';
  return 'format';
}

/** The issue code of a problem in a vocabulary. */
export function issueOf(vocabulary: IssueVocabulary, problem: Problem): string {
  if (vocabulary === 'OrderValidationIssue' && problem.keyword === 'pattern' && problem.pattern !== undefined) {
    return orderPatternIssue(problem.pattern, problem.value);
  }
  const { byKeyword, other } = ISSUES[vocabulary];
  return Object.hasOwn(byKeyword, problem.keyword) ? byKeyword[problem.keyword] : other;
}

/** Every code `issueOf` can give in a vocabulary (checked against the description's enum). */
export function issueCodes(vocabulary: IssueVocabulary): string[] {
  const codes = [...Object.values(ISSUES[vocabulary].byKeyword), ISSUES[vocabulary].other];
  if (vocabulary === 'OrderValidationIssue') codes.push('whole_number', 'precision');
  return [...new Set(codes)].sort();
}
