/**
 * The operations and error codes of the API descriptions, as the docs' MCP server reads them: written at build
 * time by plugins/mcp-catalog from the bundled descriptions, read by server/mcp through the build's files (on
 * Node and in the Worker alike). It lies under the docs, and the gate's classification lists it as protected.
 */

/** Where the build writes v1's catalog, relative to the build root. */
export const MCP_CATALOG_FILE = 'docs/mcp-catalog.json';

/**
 * Where the build writes the catalog of a docs version, by its API version (`v1`, `v2`): v1's at
 * `MCP_CATALOG_FILE`, a later version's under that version's docs (`docs/v2/mcp-catalog.json`), protected as they are.
 */
export const mcpCatalogFile = (version: string): string =>
  version === 'v1' ? MCP_CATALOG_FILE : `docs/${version}/mcp-catalog.json`;

/** The files `mcpCatalogFile` names, of every version (for the gate's classification of the build). */
export const MCP_CATALOG_FILES = /^docs\/(?:v\d+\/)?mcp-catalog\.json$/;

/** A field, parameter or status of an operation, with its anchor on the endpoint page (contracts/content/fieldAnchor.ts). */
export interface CatalogField {
  /** The dotted path (`limitPrice.amount`), a parameter's name, or a status. */
  readonly name: string;
  readonly anchor: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

export interface CatalogExample {
  readonly name: string;
  readonly summary: string;
  readonly value: unknown;
}

export interface CatalogSample {
  /** `curl`, `javascript` or `python`. */
  readonly language: string;
  readonly code: string;
}

export interface CatalogResponse {
  readonly status: string;
  readonly description: string;
  readonly contentTypes: readonly string[];
  /** The body's fields: the success response's only, as the endpoint page lists them (`response.…`). */
  readonly fields: readonly CatalogField[];
}

/** What `x-deprecation` says of a deprecated operation. */
export interface CatalogDeprecation {
  /** The date it was deprecated (`2026-11-30`), or empty. */
  readonly since: string;
  /** The date it stops working, or empty. */
  readonly sunset: string;
  /** What to call instead (`POST /v2/orders/equity/{orderId}/cancel`), or empty. */
  readonly replacement: string;
  /** The announcement, or empty. */
  readonly link: string;
}

export interface CatalogOperation {
  /** The description it comes from (`orders`). */
  readonly api: string;
  /** The API major version of that description (`v1`, `v2`): a v2 catalog holds v1's of the APIs v2 leaves alone. */
  readonly apiVersion: string;
  readonly operationId: string;
  /** Upper case. */
  readonly method: string;
  readonly path: string;
  /** The description's first server (the sandbox), whose path (`/v2`) the operation's path is under. */
  readonly serverUrl: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** The scopes of each alternative security requirement (any one is enough). */
  readonly scopes: readonly (readonly string[])[];
  /** The endpoint page, with the base URL (`/docs/trading-api/options/single-option-order`); empty when there is none. */
  readonly page: string;
  readonly parameters: readonly CatalogField[];
  readonly request: {
    readonly contentType: string;
    readonly required: boolean;
    readonly description: string;
    readonly fields: readonly CatalogField[];
  } | null;
  readonly responses: readonly CatalogResponse[];
  readonly examples: readonly CatalogExample[];
  readonly samples: readonly CatalogSample[];
  /** The Try it module of the operation (contracts/tryIt/operation.ts), relative to the build root. */
  readonly tryItModule: string;
  /** The issue vocabulary of its `400 INVALID_FIELD` details (contracts/openapi/issues.ts). */
  readonly issueVocabulary: 'ValidationIssue' | 'OrderValidationIssue';
  /** Set when the operation is deprecated (`deprecated: true`), from its `x-deprecation`. */
  readonly deprecation: CatalogDeprecation | null;
}

/**
 * One error code as the descriptions document it: the `error.code` enum of an operation's error responses and its
 * `x-enum-descriptions` (`400. A field is missing, …`). A code whose meaning differs between operations has one entry per meaning.
 */
export interface CatalogError {
  readonly api: string;
  readonly code: string;
  /** The HTTP status its description starts with, or null. */
  readonly status: number | null;
  readonly meaning: string;
  /** The operations whose error responses name this schema. */
  readonly operationIds: readonly string[];
}

export interface McpCatalog {
  /** The docs version it is of, by its API version: `v1` (the current docs, at /docs) or `v2` (the preview, /docs/v2). */
  readonly version: string;
  /** That version's label (`v2 (preview)`). */
  readonly label: string;
  /** Every docs version the build includes, by API version, the current one (`v1`) first. */
  readonly versions: readonly string[];
  readonly operations: readonly CatalogOperation[];
  readonly errors: readonly CatalogError[];
}
