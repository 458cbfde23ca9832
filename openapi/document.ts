/**
 * The plain shapes of an OpenAPI description that the build plugins, the checks and the browser code
 * share. Nothing here touches the file system, so browser code may import it.
 */
export type JsonObject = { [key: string]: unknown };

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of a path item that are operations, in the order OpenAPI lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
