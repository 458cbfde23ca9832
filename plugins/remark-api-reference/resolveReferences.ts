/**
 * Replaces the local `$ref`s of a bundled description by what they point to, like a dereferenced
 * bundle, but keeps each component schema's name as its `title` (unless it has one), so that the
 * docs can say "object (Money)" rather than "object", and marks it as that component
 * (`SCHEMA_COMPONENT`), so that the page Markdown can describe a shared schema once and link to it.
 */
import { resolvePointer } from '../../openapi/descriptions';
import { isObject, type JsonObject } from '../../openapi/document';

/** Which component schema a resolved schema is: its key, and the description it has as a component. */
export interface SchemaComponent {
  /** `accounts#/components/schemas/Money`: the first description (in `API_NAMES` order) holding that same schema. */
  readonly key: string;
  readonly description: string | undefined;
}

/**
 * The mark of a resolved component schema. A symbol: JSON, `Object.entries` and the schema keywords never see it;
 * a spread copies it, so a schema that only adds a description to a component (`$ref` with siblings, `X or null`)
 * stays marked, and `mergeAllOf` clears it from what an `allOf` merges into another shape.
 */
export const SCHEMA_COMPONENT: unique symbol = Symbol('schema component');

export type MarkedSchema = JsonObject & { [SCHEMA_COMPONENT]?: SchemaComponent };

/** The component a schema is, if it is one (see `SCHEMA_COMPONENT`). */
export const schemaComponent = (schema: JsonObject): SchemaComponent | undefined =>
  (schema as MarkedSchema)[SCHEMA_COMPONENT];

/** Keywords a `$ref`'s siblings may add while the schema stays the component it points to. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * @param componentKey the key of a component schema from its JSON pointer (`#/components/schemas/Money`); without
 * it, component schemas are not marked
 */
export function resolveReferences<T>(document: JsonObject, value: T, componentKey?: (pointer: string) => string): T {
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
        const named: unknown =
          isObject(resolved) && schemaName && !('title' in resolved) ? { title: schemaName, ...resolved } : resolved;
        if (isObject(named) && schemaName && componentKey) {
          const description = typeof named.description === 'string' ? named.description : undefined;
          (named as MarkedSchema)[SCHEMA_COMPONENT] = { key: componentKey(ref), description };
        }
        cache.set(ref, named);
      }
      const resolved = cache.get(ref);
      if (Object.keys(siblings).length === 0 || !isObject(resolved)) return resolved;
      const merged: MarkedSchema = { ...resolved, ...(resolve(siblings, resolving) as JsonObject) };
      if (!Object.keys(siblings).every((keyword) => ANNOTATIONS.has(keyword))) delete merged[SCHEMA_COMPONENT];
      return merged;
    }
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, resolve(item, resolving)]));
  };
  return resolve(value, []) as T;
}
