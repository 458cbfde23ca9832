/**
 * The one Ajv set-up for the descriptions' schemas (OpenAPI 3.1 schemas are JSON Schema 2020-12). Every check
 * compiled from a description is compiled by an instance made here: the sandbox's (at start, in Node) and the
 * build's (into the standalone Try it modules, so the browser runs compiled code and never loads Ajv). Only
 * build and sandbox code import this file; the browser, the server and the Worker never do.
 *
 * Parameters arrive as text: they are typed by `parameterValues` (parameters.ts), the same in the sandbox and
 * the panel, not by Ajv's `coerceTypes`, which only the sandbox could run.
 */
import Ajv2020, { type Options } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** What every instance has: OpenAPI's own keywords (`example`, `x-…`) allowed, and every error reported. */
const COMMON: Options = { strict: false, allErrors: true };

/** What each use adds. */
const PURPOSES = {
  /** The sandbox's checks: `verbose` keeps the failing value (a pattern failure's issue code depends on it). */
  body: { verbose: true },
  /** The sandbox's parameter checks: a query parameter left out takes its schema's `default` (`limit` 50). */
  parameters: { verbose: true, useDefaults: true },
  /**
   * The build's checks, written as code (`ajv/dist/standalone`; the site's Content-Security-Policy allows no
   * `eval`), each schema of the description compiled once and called where it is referenced.
   */
  standalone: { inlineRefs: false, code: { source: true } },
} as const satisfies Record<string, Options>;

export type AjvPurpose = keyof typeof PURPOSES;

/** A new Ajv instance for `purpose`, with the formats (`uuid`, `date`, `date-time`, …) the descriptions use. */
export function createAjv(purpose: AjvPurpose): Ajv2020 {
  const ajv = new Ajv2020({ ...COMMON, ...PURPOSES[purpose] });
  addFormats(ajv);
  return ajv;
}
