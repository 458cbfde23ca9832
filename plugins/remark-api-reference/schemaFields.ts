/**
 * Reads a dereferenced JSON Schema (OpenAPI 3.1) as the tree of a field reference: each field
 * (`owner.address.line1`) with its type, whether it is required, its description, and its own fields.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { transitionsMarkdown, transitionsOf } from '../lib/behaviourProse';
import { SCHEMA_COMPONENT, schemaComponent, type MarkedSchema } from './resolveReferences';

interface FieldRow {
  /** Dotted path; array items are written `name[]`. */
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  /** Markdown from the schema's `description`, plus its allowed values. */
  readonly description: string;
}

/** Nesting deeper than this is summarised by its type; the reference page shows the rest. */
export const FIELD_REFERENCE_DEPTH = 4;

/** Merges `allOf` members into one schema (properties and `required` united). */
export function mergeAllOf(schema: JsonObject): JsonObject {
  const members = Array.isArray(schema.allOf) ? schema.allOf.filter(isObject).map(mergeAllOf) : [];
  if (members.length === 0) return schema;
  const { allOf: _allOf, ...own } = schema;
  const merged: MarkedSchema = [...members, own].reduce<JsonObject>(
    (merged, member) => ({
      ...merged,
      ...member,
      properties: { ...(merged.properties as JsonObject), ...(member.properties as JsonObject) },
      required: [...((merged.required as string[]) ?? []), ...((member.required as string[]) ?? [])],
    }),
    {},
  );
  // A member's component mark does not carry over: the merged shape is that component and more.
  delete merged[SCHEMA_COMPONENT];
  const component = schemaComponent(schema);
  if (component) merged[SCHEMA_COMPONENT] = component;
  return merged;
}

/** Keywords that only constrain the object they sit in, without giving it a shape of its own. */
const CONSTRAINT_KEYWORDS = new Set([
  'required',
  'minProperties',
  'maxProperties',
  'not',
  'dependentRequired',
  'description',
]);

const isConstraintOnly = (schema: JsonObject): boolean =>
  Object.keys(schema).every((keyword) => CONSTRAINT_KEYWORDS.has(keyword));

/** The alternative shapes of a schema; `anyOf: [{required: [a]}, {required: [b]}]` is a rule, not shapes. */
function variantsOf(schema: JsonObject): JsonObject[] {
  const variants = schema.oneOf ?? schema.anyOf;
  const members = Array.isArray(variants) ? variants.filter(isObject) : [];
  return members.every(isConstraintOnly) ? [] : members;
}

/** "Send at least one of `a`, `b`." for an `anyOf` (or `oneOf`) of `required` lists. */
export function requiredAlternatives(input: JsonObject): string | null {
  const schema = mergeAllOf(input);
  for (const [keyword, wording] of [
    ['anyOf', 'at least one of'],
    ['oneOf', 'exactly one of'],
  ] as const) {
    const members = Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]).filter(isObject) : [];
    if (members.length < 2 || !members.every(isConstraintOnly)) continue;
    const groups = members.map((member) => (Array.isArray(member.required) ? (member.required as string[]) : []));
    if (groups.some((group) => group.length === 0)) continue;
    return `Send ${wording}: ${groups.map((group) => group.map((name) => `\`${name}\``).join(' and ')).join(', ')}.`;
  }
  return null;
}

/** A short human name for a schema's type: `string (date)`, `array of Money`, `integer`. */
export function typeLabel(input: JsonObject): string {
  const schema = mergeAllOf(input);
  const variants = variantsOf(schema);
  if (variants.length > 0) {
    const names = variants.map((variant) => (variant.type === 'null' ? 'null' : typeLabel(variant)));
    return [...new Set(names)].join(' or ');
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const nullable = types.includes('null');
  const base = types.find((type) => type && type !== 'null') ?? (schema.properties ? 'object' : 'any');
  let label: string;
  if (base === 'array') {
    const items = isObject(schema.items) ? schema.items : {};
    // Objects by their schema's name ("array of Money"), anything else by its type ("array of string").
    const objectItems = items.type === 'object' || isObject(items.properties);
    label = `array of ${objectItems && typeof items.title === 'string' ? items.title : typeLabel(items)}`;
  } else if (base === 'object' && typeof schema.title === 'string') {
    label = `object (${schema.title})`;
  } else if (typeof schema.format === 'string') {
    label = `${base} (${schema.format})`;
  } else {
    label = base;
  }
  return nullable ? `${label} or null` : label;
}

/** "From 1 to 200", "At least 1", "At most 21": a bound with one or both ends, each end as `show` writes it. */
function bounds(low: unknown, high: unknown, show: (value: number) => string): string | null {
  const [min, max] = [low, high].map((value) => (typeof value === 'number' ? value : null));
  if (min !== null && max !== null) return min === max ? `Exactly ${show(min)}` : `From ${show(min)} to ${show(max)}`;
  if (min !== null) return `At least ${show(min)}`;
  if (max !== null) return `At most ${show(max)}`;
  return null;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const valueList = (values: unknown[]) => values.map((value) => `\`${String(value)}\``).join(', ');

/**
 * What a schema allows and assumes, as sentences: its values, pattern, bounds (of a number, a string's length,
 * an array's items), default, and whether it is read-only or deprecated. A field and a parameter show the same.
 */
export function schemaConstraints(schema: JsonObject): string[] {
  const notes: string[] = [];
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : [];
  if (values.length > 0) notes.push(`One of: ${valueList(values)}.`);
  if ('const' in schema) notes.push(`Always \`${String(schema.const)}\`.`);
  if (typeof schema.pattern === 'string') notes.push(`Pattern: \`${schema.pattern}\`.`);
  const length = bounds(schema.minLength, schema.maxLength, (count) => plural(count, 'character'));
  if (length) notes.push(`${length}.`);
  const range = bounds(schema.minimum, schema.maximum, String);
  if (range) notes.push(`${range}.`);
  const lowAbove = typeof schema.exclusiveMinimum === 'number' ? `Above ${schema.exclusiveMinimum}.` : null;
  const highBelow = typeof schema.exclusiveMaximum === 'number' ? `Below ${schema.exclusiveMaximum}.` : null;
  notes.push(...[lowAbove, highBelow].filter((note): note is string => note !== null));
  const items = bounds(schema.minItems, schema.maxItems, (count) => plural(count, 'item'));
  if (items) notes.push(`${items}.`);
  // An array of enumerated values (a filter of statuses) lists what each item may be.
  const itemValues = isObject(schema.items) && Array.isArray(schema.items.enum) ? schema.items.enum : [];
  if (itemValues.length > 0)
    notes.push(`Each item one of: ${valueList(itemValues.filter((value) => value !== null))}.`);
  if ('default' in schema) notes.push(`Default \`${JSON.stringify(schema.default)}\`.`);
  if (schema.readOnly === true) notes.push('Read-only: set by the server.');
  if (schema.deprecated === true) notes.push('Deprecated.');
  return notes;
}

/** A field's description: its prose, what its schema allows, then a status's transitions as a list. */
function describe(schema: JsonObject): string {
  const description = typeof schema.description === 'string' ? schema.description.trim() : '';
  const sentences = [description, ...schemaConstraints(schema)].filter(Boolean).join(' ');
  return [sentences, transitionsMarkdown(transitionsOf(schema))].filter(Boolean).join('\n\n');
}

/** The non-null member of `X or null`, which is how the descriptions write an optional object. */
function withoutNull(schema: JsonObject): JsonObject {
  const variants = variantsOf(schema).filter((variant) => variant.type !== 'null');
  if (variants.length === 1 && variantsOf(schema).length === 2) {
    return { ...mergeAllOf(variants[0]), description: schema.description ?? variants[0].description };
  }
  return schema;
}

/** The object schema whose properties a field's children are, if any. */
function childObject(schema: JsonObject): { readonly object: JsonObject; readonly suffix: string } | null {
  const plain = mergeAllOf(withoutNull(schema));
  if (isObject(plain.properties)) return { object: plain, suffix: '' };
  if (isObject(plain.items)) {
    const items = mergeAllOf(withoutNull(plain.items));
    if (isObject(items.properties)) return { object: items, suffix: '[]' };
  }
  return null;
}

export interface FieldNode extends FieldRow {
  /** The field's own name, the last part of its path (`amount` of `limitPrice.amount`). */
  readonly key: string;
  /**
   * The component schema whose fields its children are (`accounts#/components/schemas/Money`), and whether its
   * description is that component's own: what the page Markdown describes once and links to elsewhere.
   */
  readonly schema?: { readonly key: string; readonly describedBySchema: boolean };
  /** Its fields, when it is an object (or an array of objects) shown to its depth. */
  readonly children: readonly FieldNode[];
}

/** Every field of an object schema as a tree: each field with its own fields under it. */
export function fieldTree(input: JsonObject, prefix = '', depth = 0): FieldNode[] {
  const schema = mergeAllOf(input);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).flatMap(([key, value]) => {
    if (!isObject(value)) return [];
    const property = mergeAllOf(value);
    const name = `${prefix}${key}`;
    const child = depth + 1 < FIELD_REFERENCE_DEPTH ? childObject(property) : null;
    const plain = withoutNull(property);
    const component = schemaComponent(childObject(property)?.object ?? {});
    return [
      {
        key,
        name,
        ...(component
          ? {
              schema: {
                key: component.key,
                describedBySchema: component.description !== undefined && plain.description === component.description,
              },
            }
          : {}),
        type: typeLabel(property),
        required: required.has(key),
        description: describe(plain),
        children: child ? fieldTree(child.object, `${name}${child.suffix}.`, depth + 1) : [],
      },
    ];
  });
}

export interface SchemaVariant {
  readonly title: string;
  /** The discriminator value that selects this variant, when there is one. */
  readonly selector: string | null;
  readonly schema: JsonObject;
}

/** The alternatives of a `oneOf`/`anyOf` schema, with the discriminator value of each. */
export function schemaVariants(input: JsonObject): SchemaVariant[] {
  const schema = mergeAllOf(input);
  const discriminator = isObject(schema.discriminator) ? schema.discriminator : null;
  const propertyName = typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : null;
  return variantsOf(schema).map((variant, index) => {
    const merged = mergeAllOf(variant);
    const property = propertyName && isObject(merged.properties) ? merged.properties[propertyName] : undefined;
    const selectorSchema = isObject(property) ? property : {};
    const selector =
      'const' in selectorSchema
        ? String(selectorSchema.const)
        : Array.isArray(selectorSchema.enum) && selectorSchema.enum.length === 1
          ? String(selectorSchema.enum[0])
          : null;
    return {
      title: typeof merged.title === 'string' ? merged.title : `Variant ${index + 1}`,
      selector: propertyName && selector ? `${propertyName}: ${selector}` : null,
      schema: merged,
    };
  });
}
