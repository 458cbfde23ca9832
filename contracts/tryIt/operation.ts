/**
 * The Try it panel's picture of an operation, written at build time by plugins/try-it (one module per
 * operation, imported when the panel opens), and the checks that module exports: what the build writes and the
 * panel (src/components/TryIt) reads, so both import it from here.
 */
import type { CheckError } from '../openapi/issues.ts';

/**
 * Where the build serves the module of an operation, relative to the base URL: a standalone ES module under
 * the docs, behind the gate like them, that the panel imports natively (outside webpack, so that the docs
 * pages' webpack runtime does not list one chunk per operation).
 */
export const tryItModuleFile = (operationId: string, apiVersion = 'v1') =>
  apiVersion === 'v1' ? `docs/try-it/${operationId}.js` : `docs/try-it/${apiVersion}/${operationId}.js`;

/** The files `tryItModuleFile` names, of every API version (for the gate's classification of the build). */
export const TRY_IT_MODULE_FILES = /^docs\/try-it\/(?:v\d+\/)?[\w-]+\.js$/;

/** The modules `tryItModuleFile` names, their name below `docs/try-it/` captured. */
const TRY_IT_MODULE_NAMES = /^docs\/try-it\/((?:v\d+\/)?[\w-]+)\.js$/;

/**
 * The name of the module `file` below `docs/try-it/` (`cancelEquityOrder` for v1's, `v2/cancelEquityOrder` for a
 * later API version's), or undefined for any other file: the docs' MCP server checks requests of each docs version
 * (a Worker imports the module by this name from its bundle).
 */
export const tryItModuleName = (file: string): string | undefined => TRY_IT_MODULE_NAMES.exec(file)?.[1];

export interface TryItField {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  /** The JSON Schema type of the value (`string`, `integer`, `array`, …). */
  readonly type: string;
  /** For an `array`: the type of its items (sent as one comma-separated text). */
  readonly itemType?: string;
  /** The description's example, as text; empty when there is none. */
  readonly example: string;
  readonly description: string;
}

/** A part of a `multipart/form-data` body, from the media type's schema. */
export interface TryItFormPart {
  readonly name: string;
  readonly required: boolean;
  /** A file the reader picks (`format: binary`, `contentMediaType` or `contentEncoding`), else a text field. */
  readonly file: boolean;
  readonly description: string;
}

export type TryItBody =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'multipart'; readonly parts: readonly { name: string; value: string; file: boolean }[] };

export interface TryItExample {
  /** The example's key in the description (`individual`), or `example` for an unnamed one. */
  readonly name: string;
  readonly summary: string;
  readonly body: TryItBody | null;
}

export interface TryItOperation {
  readonly operationId: string;
  /** Upper case. */
  readonly method: string;
  /**
   * The path of the API's base URL, from the description's first (sandbox) server: `/v1`, or `/v2` for an operation
   * of an API's v2. The panel sends the request below it, on the sandbox it picked.
   */
  readonly basePath: string;
  /** The path template below the API's base URL, e.g. `/orders/equity/{orderId}`. */
  readonly path: string;
  /** The request body's media type, or null when the operation takes none. */
  readonly contentType: string | null;
  readonly bodyRequired: boolean;
  readonly fields: readonly TryItField[];
  /** The parts of a `multipart/form-data` body, in the schema's order; empty for any other body. */
  readonly formParts: readonly TryItFormPart[];
  readonly examples: readonly TryItExample[];
  /** Each described status: its media types, and whether a JSON body schema checks it. */
  readonly responses: Readonly<Record<string, { readonly contentTypes: readonly string[]; readonly checked: boolean }>>;
}

/** The export name of the check of a response status (`response_201`, `response_default`). */
export const responseCheckName = (status: string) => `response_${status.replace(/\W/g, '_')}` as const;

/** A compiled Ajv check: true when valid, else its `errors` hold why. */
export interface Check {
  (data: unknown): boolean;
  errors?: readonly CheckError[] | null;
}

/** What the module of an operation exports (as its default export). */
export interface TryItModule {
  readonly operation: TryItOperation;
  readonly request: Check;
  readonly [responseCheck: `response_${string}`]: Check | undefined;
}
