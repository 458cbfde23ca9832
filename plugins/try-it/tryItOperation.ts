/**
 * What the Try it panel (src/components/TryIt) knows of one operation, written at build time as one small
 * module per operation that the panel imports when it opens: the fields with their example values, the
 * request body of each named example (the request model of the samples, plugins/remark-api-reference), and
 * the request and response checks compiled by Ajv into plain functions (the site's Content-Security-Policy
 * allows no `eval`, so nothing is compiled in the browser). `esModule.ts` makes it a standalone ES module
 * (Ajv's runtime helpers bundled in) that the browser imports without webpack.
 */
import standaloneCode from 'ajv/dist/standalone';
import { createAjv } from '../../contracts/openapi/ajv';
import {
  PARAMETER_LOCATIONS,
  isRequiredParameter,
  locationSchema,
  parametersOf,
  type ParameterLocation,
} from '../../contracts/openapi/parameters';
import { referenced } from '../../openapi/descriptions';
import { isObject, type JsonObject } from '../../openapi/document';
import { exampleOf, sampleRequest } from '../remark-api-reference/requestModel';
import {
  responseCheckName,
  type TryItField,
  type TryItFormPart,
  type TryItOperation,
} from '../../contracts/tryIt/operation';

export interface OperationSource {
  readonly operationId: string;
  /** Upper case. */
  readonly method: string;
  readonly path: string;
  readonly serverUrl: string;
  readonly definition: JsonObject;
}

function jsonSchemaOf(content: unknown): JsonObject | undefined {
  const entries = Object.entries(isObject(content) ? content : {});
  const json = entries.find(([type]) => type === 'application/json' || type.endsWith('+json'));
  return json && isObject(json[1]) && isObject(json[1].schema) ? json[1].schema : undefined;
}

/** Whether a form part's schema describes a file (as the samples' request model decides it). */
const isFilePart = (schema: JsonObject) =>
  schema.format === 'binary' || 'contentMediaType' in schema || 'contentEncoding' in schema;

/** The parts of a `multipart/form-data` media type, from its (dereferenced) schema. */
function formPartsOf(contentType: string | null, media: unknown): TryItFormPart[] {
  if (contentType !== 'multipart/form-data' || !isObject(media) || !isObject(media.schema)) return [];
  const { properties, required } = media.schema;
  const requiredNames = Array.isArray(required) ? required : [];
  return Object.entries(isObject(properties) ? properties : {}).map(([name, property]) => {
    const schema = isObject(property) ? property : {};
    return {
      name,
      required: requiredNames.includes(name),
      file: isFilePart(schema),
      description: typeof schema.description === 'string' ? schema.description : '',
    };
  });
}

/** The path of a server URL without its last `/`: `https://sandbox.api.clearing.example/v2` → `/v2`. */
function basePathOf(serverUrl: string): string {
  return new URL(serverUrl).pathname.replace(/\/$/, '');
}

/** The panel's view of the operation: fields, example bodies, statuses. */
export function tryItOperation(source: OperationSource): TryItOperation {
  const { definition } = source;
  const fields: TryItField[] = parametersOf(definition.parameters)
    .filter((parameter) => PARAMETER_LOCATIONS.includes(parameter.in as ParameterLocation))
    .map((parameter) => {
      const example = exampleOf(parameter);
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      const items = isObject(schema.items) ? schema.items : {};
      return {
        name: parameter.name,
        in: parameter.in as TryItField['in'],
        required: isRequiredParameter(parameter),
        type: typeof schema.type === 'string' ? schema.type : 'string',
        ...(schema.type === 'array' && typeof items.type === 'string' ? { itemType: items.type } : {}),
        example: example === undefined ? '' : String(example),
        description: typeof parameter.description === 'string' ? parameter.description : '',
      };
    });
  const requestBody = isObject(definition.requestBody) ? definition.requestBody : null;
  const [contentType, media] = Object.entries(
    requestBody && isObject(requestBody.content) ? requestBody.content : {},
  )[0] ?? [null, null];
  const namedExamples = isObject(media) && isObject(media.examples) ? Object.entries(media.examples) : [];
  const exampleNames = namedExamples.length > 0 ? namedExamples.map(([name]) => name) : [undefined];
  const examples = contentType
    ? exampleNames.map((name) => {
        const request = sampleRequest(source, { example: name });
        const named = namedExamples.find(([candidate]) => candidate === name)?.[1];
        const summary = isObject(named) && typeof named.summary === 'string' ? named.summary : (name ?? 'Example');
        return { name: name ?? 'example', summary, body: request.body };
      })
    : [];
  const responses = isObject(definition.responses) ? definition.responses : {};
  return {
    operationId: source.operationId,
    method: source.method,
    basePath: basePathOf(source.serverUrl),
    path: source.path,
    contentType,
    bodyRequired: requestBody?.required === true,
    fields,
    formParts: formPartsOf(contentType, media),
    examples,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => {
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        return [status, { contentTypes: Object.keys(content), checked: jsonSchemaOf(content) !== undefined }];
      }),
    ),
  };
}

/**
 * The base URI under which the checks find the bundled description: its schemas are compiled once per module
 * and called where they are referenced, not inlined at every reference (inlined, the fourteen account types of
 * `openAccount` made 3.2 MB of code, and compiling every operation's checks took seconds).
 */
const DESCRIPTION_ID = 'description.json';

/** Keywords whose values are data, not schemas: a `$ref` in them is a value to keep. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'example', 'examples']);

/** `value` with every schema reference into the description (`#/…`) made to point into `DESCRIPTION_ID`. */
function pointingIntoDescription(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointingIntoDescription);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) return [key, DESCRIPTION_ID + child];
      return [key, DATA_KEYWORDS.has(key) ? child : pointingIntoDescription(child)];
    }),
  );
}

/** The request as one JSON Schema: each location's fields, and the JSON body. */
function requestSchema(operation: TryItOperation, definition: JsonObject, description: JsonObject): JsonObject {
  const parameters = parametersOf(
    (Array.isArray(definition.parameters) ? definition.parameters : []).map((parameter) =>
      referenced(description, parameter),
    ),
  );
  const requestBody = referenced(description, definition.requestBody);
  const bodySchema = jsonSchemaOf(isObject(requestBody) ? requestBody.content : undefined);
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(PARAMETER_LOCATIONS.map((where) => [where, locationSchema(parameters, where)])),
      ...(bodySchema ? { body: bodySchema } : {}),
    },
    required: bodySchema && operation.bodyRequired ? ['body'] : [],
  };
}

/** Writes the module of one operation of a description (see `tryItModules`). */
export type TryItModuleWriter = (source: OperationSource) => string;

/**
 * The writer of the modules the panel imports, one per operation of `description` (CommonJS): `operation`,
 * `request` (the check of a request) and one `response_<status>` check per status that describes a JSON body.
 * `description` is the bundled description of the operations' API (its references kept, `loadBundled(api,
 * { dereferenced: false })`): the checks are compiled from it by one Ajv, so a schema that many operations
 * name is compiled once, and each module holds the compiled schemas its checks call.
 */
export function tryItModules(description: JsonObject): TryItModuleWriter {
  const ajv = createAjv('standalone');
  ajv.addSchema({ $id: DESCRIPTION_ID, components: description.components ?? {} });
  const paths = isObject(description.paths) ? description.paths : {};
  return (source) => {
    const operation = tryItOperation(source);
    const item = referenced(description, paths[source.path]);
    const definition = isObject(item) ? item[source.method.toLowerCase()] : undefined;
    if (!isObject(definition)) {
      throw new Error(`try-it: ${source.method} ${source.path} is not in the bundled description.`);
    }
    const check = (name: string) => `${source.operationId}.${name}`;
    const exports: Record<string, string> = { request: check('request') };
    ajv.addSchema(
      pointingIntoDescription(requestSchema(operation, definition, description)) as JsonObject,
      check('request'),
    );
    const responses = isObject(definition.responses) ? definition.responses : {};
    for (const [status, response] of Object.entries(responses)) {
      const resolved = referenced(description, response);
      const schema = isObject(resolved) ? jsonSchemaOf(resolved.content) : undefined;
      if (!schema) continue;
      const name = responseCheckName(status);
      ajv.addSchema(pointingIntoDescription(schema) as JsonObject, check(name));
      exports[name] = check(name);
    }
    return `${standaloneCode(ajv, exports)}\nmodule.exports.operation = ${JSON.stringify(operation)};\n`;
  };
}

/** The module of one operation (`tryItModules`, for a single operation). */
export function tryItModule(source: OperationSource, description: JsonObject): string {
  return tryItModules(description)(source);
}
