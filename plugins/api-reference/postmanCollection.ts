/**
 * The Postman collection download of a reference page (`downloads.ts`), converted by openapi-to-postmanv2 and made
 * to say what the description says, the same in every build:
 *
 * - A form body's parts (`multipart/form-data`, `application/x-www-form-urlencoded`) get the values of the media
 *   type's `example`. The converter fills them from the fields' schemas only, and made the rest up: a random
 *   document type and random UUIDs in "Add a document", different in every build.
 * - A part whose schema is a file (`contentMediaType`, or `format: binary`) is a file part, which Postman lets the
 *   reader pick, not a text part holding the example's placeholder.
 * - Every `id` of the collection is derived from the collection's name and where the id is in it, not random, so
 *   that an unchanged description gives an unchanged file (and its precompressed copies keep their caches).
 */
import { createHash } from 'node:crypto';
import { referenced } from '../../openapi/descriptions';
import { HTTP_METHODS, isObject, type JsonObject } from '../../openapi/document';

const FORM_MEDIA_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;

/** The object `value` is or refers to, or undefined. */
function resolved(description: JsonObject, value: unknown): JsonObject | undefined {
  const target = referenced(description, value);
  return isObject(target) ? target : undefined;
}

/** Whether a field's schema is a file: OpenAPI 3.1's `contentMediaType`, or 3.0's `format: binary`. */
function isFileSchema(schema: JsonObject): boolean {
  return typeof schema.contentMediaType === 'string' || schema.format === 'binary';
}

/**
 * A field's schema for the converter: a file as `format: binary` (the one it reads), any other field with the
 * example's value as its example (beside a `$ref` through `allOf`, which keeps what the reference says).
 */
function fieldForConverter(description: JsonObject, field: JsonObject, example: unknown): JsonObject {
  const target = resolved(description, field) ?? field;
  if (isFileSchema(target)) return { ...target, format: 'binary' };
  if (example === undefined) return field;
  return typeof field.$ref === 'string' ? { allOf: [field], example } : { ...field, example };
}

/**
 * `description` (a copy: it is changed) with each form body's schema replaced by one whose fields carry the body's
 * example and mark its files, as `fieldForConverter` says. Only the form bodies' own schemas change: a schema they
 * share through a `$ref` is copied, not changed.
 */
export function withFormExamplesOnFields(description: JsonObject): JsonObject {
  const paths = isObject(description.paths) ? description.paths : {};
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      const content = isObject(operation) ? resolved(description, operation.requestBody)?.content : undefined;
      if (!isObject(content)) continue;
      for (const mediaType of FORM_MEDIA_TYPES) {
        const media = content[mediaType];
        const schema = isObject(media) ? resolved(description, media.schema) : undefined;
        if (!isObject(media) || !schema || !isObject(schema.properties)) continue;
        const example = isObject(media.example) ? media.example : {};
        const fields = Object.entries(schema.properties).map(([name, field]) => [
          name,
          isObject(field) ? fieldForConverter(description, field, example[name]) : field,
        ]);
        media.schema = { ...schema, properties: Object.fromEntries(fields) };
      }
    }
  }
  return description;
}

/** A UUID (version 5's layout) derived from `name`: the same name, the same id. */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ID_KEYS = new Set(['id', '_postman_id']);

/**
 * The collection with each `id` (and `info._postman_id`) replaced by `nameBasedUuid` of the collection's name and
 * the id's place in it (`item.2.response.0.id`). Changed in place, and returned.
 */
export function withStableIds(collection: JsonObject): JsonObject {
  const info = isObject(collection.info) ? collection.info : {};
  const name = String(info.name ?? '');
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${where}.${index}`));
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const here = where ? `${where}.${key}` : key;
      if (ID_KEYS.has(key) && typeof child === 'string') value[key] = nameBasedUuid(`${name}:${here}`);
      else visit(child, here);
    }
  };
  visit(collection, '');
  return collection;
}

/**
 * A Postman collection (format 2.1) of the description: a folder per tag, requests filled from the examples. The
 * converter is loaded here, when first used (in the build, by the description worker), not with the site's config:
 * importing it took 0.3 to 0.4 s of the build's start on the main thread, which the build's other work waits for.
 */
export async function postmanCollection(description: JsonObject): Promise<JsonObject> {
  const { convertV2 } = await import('openapi-to-postmanv2');
  return new Promise((resolve, reject) => {
    convertV2(
      // The converter changes the object it is given (it drops components it has resolved): a copy.
      { type: 'json', data: withFormExamplesOnFields(structuredClone(description)) },
      { folderStrategy: 'Tags', parametersResolution: 'Example', requestNameSource: 'Fallback' },
      (error, result) => {
        const collection = result?.output?.find((output) => output.type === 'collection')?.data;
        if (error || !result?.result || !collection) {
          reject(new Error(`openapi-to-postmanv2: ${error?.message ?? result?.reason ?? 'no collection'}`));
        } else {
          resolve(withStableIds(JSON.parse(JSON.stringify(collection)) as JsonObject));
        }
      },
    );
  });
}
