/**
 * Replaces the local `$ref`s of a bundled description by what they point to, like a dereferenced
 * bundle, but keeps each component schema's name as its `title` (unless it has one), so that the
 * docs can say "object (Money)" rather than "object".
 */
import { resolvePointer } from '../../openapi/descriptions';
import { isObject, type JsonObject } from '../../openapi/document';

export function resolveReferences<T>(document: JsonObject, value: T): T {
  const cache = new Map<string, unknown>();
  const resolve = (node: unknown, resolving: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, resolving));
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const { $ref: _ref, ...siblings } = node;
      const name = ref.split('/').at(-1) ?? ref;
      const schemaName = ref.startsWith('#/components/schemas/') ? name : null;
      if (resolving.includes(ref)) {
        // A recursive schema: stop at its name.
        return { title: schemaName ?? name, description: `Recursive: see ${name}.`, ...siblings };
      }
      if (!cache.has(ref)) {
        const found = resolvePointer(document, ref);
        if (found === undefined) throw new Error(`unresolved $ref ${ref}`);
        const resolved = resolve(found, [...resolving, ref]);
        cache.set(
          ref,
          isObject(resolved) && schemaName && !('title' in resolved) ? { title: schemaName, ...resolved } : resolved,
        );
      }
      const resolved = cache.get(ref);
      return Object.keys(siblings).length > 0 && isObject(resolved)
        ? { ...resolved, ...(resolve(siblings, resolving) as JsonObject) }
        : resolved;
    }
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, resolve(item, resolving)]));
  };
  return resolve(value, []) as T;
}
