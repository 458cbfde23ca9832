/**
 * What the Try it panel (src/components/TryIt) knows of one operation, written at build time as one small
 * module per operation that the panel imports when it opens: the fields with their example values, the
 * request body of each named example (the request model of the samples, plugins/remark-api-reference), and
 * the request and response checks compiled by Ajv into plain functions (the site's Content-Security-Policy
 * allows no `eval`, so nothing is compiled in the browser). `esModule.ts` makes it a standalone ES module
 * (Ajv's runtime helpers bundled in) that the browser imports without webpack.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { isObject, type JsonObject } from '../../openapi/document';
import { exampleOf, sampleRequest } from '../remark-api-reference/requestModel';
import type { TryItField, TryItOperation } from '../../src/components/TryIt/operation';

export interface OperationSource {
  readonly operationId: string;
  /** Upper case. */
  readonly method: string;
  readonly path: string;
  readonly serverUrl: string;
  readonly definition: JsonObject;
}

const FIELD_LOCATIONS = ['path', 'query', 'header'] as const;

/** The export name of the check of a response status (`response_201`, `response_default`). */
export const responseCheckName = (status: string) => `response_${status.replace(/\W/g, '_')}`;

function jsonSchemaOf(content: unknown): JsonObject | undefined {
  const entries = Object.entries(isObject(content) ? content : {});
  const json = entries.find(([type]) => type === 'application/json' || type.endsWith('+json'));
  return json && isObject(json[1]) && isObject(json[1].schema) ? json[1].schema : undefined;
}

/** The panel's view of the operation: fields, example bodies, statuses. */
export function tryItOperation(source: OperationSource): TryItOperation {
  const { definition } = source;
  const parameters = (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject);
  const fields: TryItField[] = parameters
    .filter((parameter) => FIELD_LOCATIONS.includes(parameter.in as (typeof FIELD_LOCATIONS)[number]))
    .map((parameter) => {
      const example = exampleOf(parameter);
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      return {
        name: String(parameter.name),
        in: parameter.in as TryItField['in'],
        required: parameter.required === true || parameter.in === 'path',
        type: typeof schema.type === 'string' ? schema.type : 'string',
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
    path: source.path,
    contentType,
    bodyRequired: requestBody?.required === true,
    fields,
    examples,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => {
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        return [status, { contentTypes: Object.keys(content), checked: jsonSchemaOf(content) !== undefined }];
      }),
    ),
  };
}

/** The request as one JSON Schema: each location's fields, and the JSON body. */
function requestSchema(operation: TryItOperation, definition: JsonObject): JsonObject {
  const parameters = (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject);
  const location = (where: string): JsonObject => {
    const own = parameters.filter((parameter) => parameter.in === where);
    return {
      type: 'object',
      properties: Object.fromEntries(own.map((parameter) => [String(parameter.name), parameter.schema ?? {}])),
      required: own
        .filter((parameter) => parameter.required === true || where === 'path')
        .map((parameter) => String(parameter.name)),
    };
  };
  const requestBody = isObject(definition.requestBody) ? definition.requestBody : {};
  const bodySchema = jsonSchemaOf(requestBody.content);
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(FIELD_LOCATIONS.map((where) => [where, location(where)])),
      ...(bodySchema ? { body: bodySchema } : {}),
    },
    required: bodySchema && operation.bodyRequired ? ['body'] : [],
  };
}

/**
 * The module the panel imports for the operation (CommonJS): `operation`, `request` (the check of a request)
 * and one `response_<status>` check per status that describes a JSON body.
 */
export function tryItModule(source: OperationSource): string {
  const operation = tryItOperation(source);
  const ajv = new Ajv2020({ strict: false, allErrors: true, code: { source: true } });
  addFormats(ajv);
  const exports: Record<string, string> = { request: 'request' };
  ajv.addSchema(requestSchema(operation, source.definition), 'request');
  const responses = isObject(source.definition.responses) ? source.definition.responses : {};
  for (const [status, response] of Object.entries(responses)) {
    const schema = isObject(response) ? jsonSchemaOf(response.content) : undefined;
    if (!schema) continue;
    const name = responseCheckName(status);
    ajv.addSchema(schema, name);
    exports[name] = name;
  }
  return `${standaloneCode(ajv, exports)}\nmodule.exports.operation = ${JSON.stringify(operation)};\n`;
}
