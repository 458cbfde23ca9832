// @ts-check
/**
 * `validate_request`'s check: the operation's Try it module (contracts/tryIt/operation.ts, compiled by the build
 * from the description), run on the values a client gives as Try it runs it on a form (src/components/TryIt/
 * tryItRequest.ts): each parameter's text typed as the sandbox reads it, the body as JSON, the path's values
 * checked as path segments. Each problem is named as `error.details[].field` names it, with the issue code the API
 * documents for it (contracts/openapi/issues.ts).
 */
import { fieldAnchor } from '../../contracts/content/fieldAnchor.ts';
import { issueOf, pointerParts, problemsOf } from '../../contracts/openapi/issues.ts';
import { parameterValue } from '../../contracts/openapi/parameters.ts';
import { fillPathTemplate } from '../../contracts/openapi/pathTemplate.ts';

/**
 * Loads the Try it module the build holds at `file` (relative to the build, `docs/try-it/<operationId>.js`), or
 * gives undefined when the build has none. On Node, `importFromText`; on a Worker, which may not run code from
 * data, the modules bundled into it (bundledTryIt.mjs).
 * @typedef {(file: string, readSource: () => Promise<string | undefined>) => Promise<import('../../contracts/tryIt/operation.ts').TryItModule | undefined>} ModuleLoader
 */

/**
 * On Node: the module's text (a standalone ES module, which imports nothing) imported as a `data:` URL.
 * @type {ModuleLoader}
 */
export async function importFromText(_file, readSource) {
  const source = await readSource();
  if (source === undefined) return undefined;
  const url = `data:text/javascript;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(source)))}`;
  const loaded = await import(url);
  return loaded.default;
}

/**
 * @typedef {{ field: string, anchor: string | null, issue: string, message: string }} RequestProblem
 * @typedef {Partial<Record<'path' | 'query' | 'header', Record<string, unknown>>>} ParameterArguments
 */

/** A parameter's value as the text a request carries (arrays comma-joined, as Try it sends them). */
const asText = (/** @type {unknown} */ value) =>
  Array.isArray(value) ? value.map(String).join(',') : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The value at a JSON pointer's parts of `data`.
 * @param {unknown} data
 * @param {string[]} parts
 */
function valueAt(data, parts) {
  /** @type {unknown} */
  let value = data;
  for (const part of parts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = /** @type {Record<string, unknown>} */ (value)[part];
  }
  return value;
}

/**
 * Checks a request against an operation's Try it module.
 * @param {import('../../contracts/tryIt/operation.ts').TryItModule} module
 * @param {'ValidationIssue' | 'OrderValidationIssue'} vocabulary
 * @param {ParameterArguments & { body?: unknown }} request
 * @returns {{ problems: RequestProblem[], ignored: string[] }} `ignored`: parameters the operation does not take
 */
export function checkRequest(module, vocabulary, request) {
  const { operation } = module;
  /** @type {Record<'path' | 'query' | 'header', Record<string, unknown>>} */
  const locations = { path: {}, query: {}, header: {} };
  /** @type {string[]} */
  const ignored = [];
  for (const where of /** @type {const} */ (['path', 'query', 'header'])) {
    for (const [name, value] of Object.entries(request[where] ?? {})) {
      // Header names are case-insensitive; path and query names are not.
      const field = operation.fields.find(
        (candidate) =>
          candidate.in === where &&
          (where === 'header' ? candidate.name.toLowerCase() === name.toLowerCase() : candidate.name === name),
      );
      if (!field || value === undefined || value === null) {
        if (!field) ignored.push(`${name} (${where})`);
        continue;
      }
      const schema = { type: field.type, ...(field.itemType ? { items: { type: field.itemType } } : {}) };
      locations[where][field.name] = parameterValue({ name: field.name, in: where, schema }, [asText(value)]);
    }
  }
  const value = { ...locations, ...(request.body === undefined ? {} : { body: request.body }) };
  /** @type {RequestProblem[]} */
  const problems = [];
  if (!module.request(value)) {
    // A pattern's issue depends on the failing value, which the compiled checks do not keep: it is read back here.
    const errors = (module.request.errors ?? []).map((error) =>
      error.keyword === 'pattern' && error.data === undefined
        ? { ...error, data: valueAt(value, pointerParts(error.instancePath)) }
        : error,
    );
    for (const problem of problemsOf(errors)) {
      const [where, ...rest] = problem.field.split('.');
      const inBody = where === 'body' || where.startsWith('body[');
      const field = inBody ? problem.field.replace(/^body\.?/, '') : rest.join('.') || problem.field;
      const scope = inBody ? 'request' : where;
      const anchorPath = field.replace(/\[\d+\]/g, '');
      problems.push({
        field: field || 'body',
        anchor: anchorPath && /^[A-Za-z0-9_-]+$/.test(scope) ? fieldAnchor(scope, anchorPath) : null,
        issue: issueOf(vocabulary, problem),
        message: problem.message.replace(/^body\.?/, '') || problem.message,
      });
    }
  }
  const pathValues = Object.fromEntries(Object.entries(locations.path).map(([name, text]) => [name, String(text)]));
  const filled = fillPathTemplate(operation.path, pathValues);
  if (!filled.ok) {
    for (const [name, problem] of Object.entries(filled.problems)) {
      if (pathValues[name] === undefined || problems.some((known) => known.field === name)) continue;
      problems.push({
        field: name,
        anchor: fieldAnchor('path', name),
        issue: issueOf(vocabulary, { field: name, keyword: 'pattern', message: '' }),
        message: `${name} cannot be sent in a path: it ${problem}`,
      });
    }
  }
  return { problems, ignored };
}
