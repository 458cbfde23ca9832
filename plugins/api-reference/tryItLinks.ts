/**
 * Redoc has no way to send a request; the endpoint pages do (src/components/TryIt). Each operation of the
 * reference gets a link to its endpoint page's Try it panel, in front of its description: a root-relative
 * docs link, which `withDocsLinksUnder` then puts under the site's base URL.
 */
import { HTTP_METHODS, isObject, type JsonObject } from '../../openapi/document';
import { tryItAnchor } from '../../contracts/tryIt/anchor';

/** A copy of the description in which every operation with an `x-docs-path` links to its Try it panel. */
export function withTryItLinks(description: JsonObject): JsonObject {
  const copy = JSON.parse(JSON.stringify(description)) as JsonObject;
  for (const item of Object.values(isObject(copy.paths) ? copy.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation['x-docs-path'] !== 'string') continue;
      const link = `[Try it](${operation['x-docs-path']}#${tryItAnchor(String(operation.operationId))}): send this request to the sandbox from its endpoint page.`;
      operation.description = typeof operation.description === 'string' ? `${link}\n\n${operation.description}` : link;
    }
  }
  return copy;
}
