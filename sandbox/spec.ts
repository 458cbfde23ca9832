/**
 * The API descriptions as the sandbox serves them: one table of operations per major version (`/v1`: the four
 * APIs; `/v2`: those with a v2, `apisIn`), each with
 * its required scopes and its request and response validators (Ajv, JSON Schema 2020-12, as OpenAPI 3.1
 * schemas are). Nothing here keeps state or answers requests, so the same checks can serve a "Try it"
 * panel or a validating proxy: `matchOperation`, `validateRequest` and `validateResponse`.
 */
import type { ValidateFunction } from 'ajv/dist/2020';
import { createAjv } from '../contracts/openapi/ajv';
import { problemsOf, type Problem } from '../contracts/openapi/issues';
import { locationSchema, parameterValues, parametersOf, type ParameterLocation } from '../contracts/openapi/parameters';
import { pathParameterNames, routeMatcher, type RouteMatch } from '../contracts/openapi/pathTemplate';
import {
  API_NAMES,
  apisIn,
  loadDereferenced,
  operationsOf,
  type ApiName,
  type ApiVersion,
} from '../openapi/descriptions';
import { isObject, type JsonObject } from '../openapi/document';
import { deprecationOf, type Deprecation } from './requests/deprecation';

export type { Problem };

export interface SandboxOperation {
  readonly api: ApiName;
  readonly operationId: string;
  /** Upper case, e.g. `POST`. */
  readonly method: string;
  /** As the description writes it, e.g. `/orders/equity/{orderId}`. */
  readonly path: string;
  readonly pathParameterNames: readonly string[];
  /** Any one of these scope sets lets a token call the operation (the `security` alternatives). */
  readonly scopeSets: readonly (readonly string[])[];
  readonly definition: JsonObject;
  /** The statuses the description lists, e.g. `['201', '400', …]`. */
  readonly statuses: readonly string[];
  /**
   * The largest body the operation reads, from `x-max-body-bytes` of its description's info for the media type
   * of its request body; `null` when it takes no body (and nothing of one is read).
   */
  readonly maxBodyBytes: number | null;
  /** The file parts of a `multipart/form-data` body (`contentMediaType` properties), with their `x-max-bytes`. */
  readonly fileParts: readonly { readonly name: string; readonly maxBytes: number | null }[];
  /** Whether the operation takes an `Idempotency-Key` header, and whether it must. */
  readonly idempotencyKey: 'required' | 'optional' | 'none';
  /** Its `deprecated: true` and `x-deprecation`, read once (requests/deprecation.ts); `null` when not deprecated. */
  readonly deprecation: Deprecation | null;
}

export interface SandboxDescriptions {
  /** The major version these descriptions are, the path prefix the sandbox serves them under (`/v1`). */
  readonly version: ApiVersion;
  /** The APIs this version has (`apisIn`): every operation is one of theirs. */
  readonly apis: readonly ApiName[];
  readonly operations: readonly SandboxOperation[];
  /** `api#SchemaName` → the schema (dereferenced). */
  schema(api: ApiName, name: string): JsonObject;
  /** The `x-transitions` of `orders#OrderStatus`: the statuses each status may move to. */
  readonly orderTransitions: Readonly<Record<string, readonly string[]>>;
  /** `info.x-rate-limit` of the descriptions (the same in all four). */
  readonly rateLimit: { readonly requestsPerSecond: number; readonly burst: number };
  /** The scopes of the `clientCredentials` security scheme. */
  readonly scopes: readonly string[];
  /** `x-token-lifetime-seconds` of the security scheme. */
  readonly tokenLifetimeSeconds: number;
  /** How long an answer to an `Idempotency-Key` is replayed: `x-replay-window-hours` of that parameter. */
  readonly idempotencyWindowHours: number;
  /** How long a list's cursor can be followed: `x-cursor-lifetime-hours` of the `cursor` parameter. */
  readonly cursorLifetimeHours: number;
  /** A copy of the first example of an operation's response (by `operationId`, status and example name). */
  example(operationId: string, status: string, name?: string): JsonObject;
  /** The error codes the examples of an operation's response show (`error.code` of each example's value). */
  exampleErrorCodes(operationId: string, status: string): readonly string[];
}

const ajv = createAjv('body');
const parameterAjv = createAjv('parameters');

const validators = new WeakMap<object, ValidateFunction>();
function validatorOf(schema: JsonObject, forParameters = false): ValidateFunction {
  const cached = validators.get(schema);
  if (cached) return cached;
  const validate = (forParameters ? parameterAjv : ajv).compile(schema);
  validators.set(schema, validate);
  return validate;
}

/** The largest body `operation` reads: `x-max-body-bytes` of the description, for its request body's media type. */
function maxBodyBytesOf(description: JsonObject, definition: JsonObject): number | null {
  if (!isObject(definition.requestBody)) return null;
  const content = isObject(definition.requestBody.content) ? definition.requestBody.content : {};
  const limits = (description.info as JsonObject)['x-max-body-bytes'];
  const sizes = Object.keys(content).map((type) => (isObject(limits) ? limits[type] : undefined));
  if (sizes.length === 0 || sizes.some((size) => typeof size !== 'number')) {
    throw new Error(`${String(definition.operationId)}: no x-max-body-bytes for ${Object.keys(content).join(', ')}`);
  }
  return Math.max(...(sizes as number[]));
}

/** The file parts of an operation's `multipart/form-data` body. */
function filePartsOf(definition: JsonObject): SandboxOperation['fileParts'] {
  const content = isObject(definition.requestBody) ? definition.requestBody.content : undefined;
  const form = isObject(content) ? content['multipart/form-data'] : undefined;
  const schema = isObject(form) && isObject(form.schema) ? form.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([, property]) => isObject(property) && property.contentMediaType !== undefined)
    .map(([name, property]) => {
      const maxBytes = (property as JsonObject)['x-max-bytes'];
      return { name, maxBytes: typeof maxBytes === 'number' ? maxBytes : null };
    });
}

function idempotencyKeyOf(definition: JsonObject): SandboxOperation['idempotencyKey'] {
  const parameters = Array.isArray(definition.parameters) ? definition.parameters.filter(isObject) : [];
  const header = parameters.find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
  if (!header) return 'none';
  return header.required === true ? 'required' : 'optional';
}

const loaded = new Map<ApiVersion, SandboxDescriptions>();

/**
 * The descriptions of one major version (v1: all four), read once per process. The operations are those of the
 * APIs the version has (`apisIn`); what the handlers read from a description of an API the version lacks (its
 * schemas) is v1's.
 */
export function loadSandboxDescriptions(version: ApiVersion = 'v1'): SandboxDescriptions {
  const cached = loaded.get(version);
  if (cached) return cached;
  const apis = apisIn(version);
  const documents = Object.fromEntries(
    API_NAMES.map((api) => [api, loadDereferenced(api, apis.includes(api) ? version : 'v1')]),
  ) as Record<ApiName, JsonObject>;
  const operations = apis.flatMap((api) =>
    operationsOf(api, documents[api]).map((operation): SandboxOperation => {
      const security = Array.isArray(operation.definition.security) ? operation.definition.security : [];
      return {
        api,
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        pathParameterNames: pathParameterNames(operation.path),
        scopeSets: security.filter(isObject).map((requirement) => Object.values(requirement).flat().map(String)),
        definition: operation.definition,
        statuses: Object.keys(isObject(operation.definition.responses) ? operation.definition.responses : {}),
        maxBodyBytes: maxBodyBytesOf(documents[api], operation.definition),
        fileParts: filePartsOf(operation.definition),
        idempotencyKey: idempotencyKeyOf(operation.definition),
        deprecation: deprecationOf(operation.definition),
      };
    }),
  );
  const components = (api: ApiName) => documents[api].components as JsonObject;
  const schemes = components('accounts').securitySchemes as JsonObject;
  const scheme = schemes.clientCredentials as JsonObject;
  const flows = (scheme.flows as JsonObject).clientCredentials as JsonObject;
  const orderStatus = (components('orders').schemas as JsonObject).OrderStatus as JsonObject;
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const windows = new Set(
    operations.flatMap((operation) =>
      (Array.isArray(operation.definition.parameters) ? operation.definition.parameters : [])
        .filter(isObject)
        .filter((parameter) => parameter.name === 'Idempotency-Key')
        .map((parameter) => Number(parameter['x-replay-window-hours'])),
    ),
  );
  if (windows.size !== 1) throw new Error(`Idempotency-Key x-replay-window-hours: ${[...windows].join(', ')}`);
  const cursorLifetimes = new Set(
    operations.flatMap((operation) =>
      (Array.isArray(operation.definition.parameters) ? operation.definition.parameters : [])
        .filter(isObject)
        .filter((parameter) => parameter.name === 'cursor' && parameter.in === 'query')
        .map((parameter) => Number(parameter['x-cursor-lifetime-hours'])),
    ),
  );
  if (cursorLifetimes.size !== 1 || [...cursorLifetimes].some((hours) => !(hours > 0)))
    throw new Error(`cursor x-cursor-lifetime-hours: ${[...cursorLifetimes].join(', ')}`);
  const result: SandboxDescriptions = {
    version,
    apis,
    operations,
    schema: (api, name) => {
      const schema = (components(api).schemas as JsonObject)[name];
      if (!isObject(schema)) throw new Error(`no schema ${api}#${name}`);
      return schema;
    },
    orderTransitions: orderStatus['x-transitions'] as Record<string, string[]>,
    rateLimit: (documents.orders.info as JsonObject)['x-rate-limit'] as SandboxDescriptions['rateLimit'],
    scopes: Object.keys(flows.scopes as JsonObject),
    tokenLifetimeSeconds: Number(scheme['x-token-lifetime-seconds']),
    idempotencyWindowHours: [...windows][0],
    cursorLifetimeHours: [...cursorLifetimes][0],
    example(operationId, status, name) {
      const response = responseOf(byId.get(operationId), status);
      const media = response && isObject(response.content) ? Object.values(response.content)[0] : undefined;
      const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
      const chosen = name ? examples[name] : Object.values(examples)[0];
      if (isObject(chosen)) return structuredClone(chosen.value) as JsonObject;
      if (!name && isObject(media) && isObject(media.example)) return structuredClone(media.example);
      throw new Error(`no example ${name ?? ''} of ${operationId} ${status}`);
    },
    exampleErrorCodes(operationId, status) {
      const response = responseOf(byId.get(operationId), status);
      const media = response && isObject(response.content) ? Object.values(response.content).filter(isObject) : [];
      return media
        .flatMap((type) => [
          ...(isObject(type.examples) ? Object.values(type.examples).filter(isObject) : []).map(
            (example) => example.value,
          ),
          type.example,
        ])
        .map((value) => (isObject(value) && isObject(value.error) ? value.error.code : undefined))
        .filter((code): code is string => typeof code === 'string');
    },
  };
  loaded.set(version, result);
  return result;
}

function responseOf(operation: SandboxOperation | undefined, status: string): JsonObject | undefined {
  const responses = operation && isObject(operation.definition.responses) ? operation.definition.responses : {};
  const response = responses[status];
  return isObject(response) ? response : undefined;
}

export type Match =
  | { readonly kind: 'operation'; readonly operation: SandboxOperation; readonly params: Record<string, string> }
  | { readonly kind: 'wrongMethod'; readonly allowed: readonly string[] }
  | { readonly kind: 'unknownPath' };

const matchers = new WeakMap<SandboxDescriptions, (method: string, path: string) => RouteMatch<SandboxOperation>>();

/** Which operation a method and a path below the version's prefix (`/v1`) name (contracts/openapi/pathTemplate.ts decides). */
export function matchOperation(descriptions: SandboxDescriptions, method: string, path: string): Match {
  let matcher = matchers.get(descriptions);
  if (!matcher) {
    matcher = routeMatcher(descriptions.operations);
    matchers.set(descriptions, matcher);
  }
  const match = matcher(method, path);
  return match.kind === 'operation'
    ? { kind: 'operation', operation: match.route, params: { ...match.params } }
    : match;
}

export interface RequestParts {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  /** The parsed JSON body, or `undefined` when there is none. */
  readonly body: unknown;
}

export interface RequestProblems {
  readonly path: Problem[];
  readonly query: Problem[];
  readonly header: Problem[];
  readonly body: Problem[];
  /** The query with its defaults and types applied (`limit` as a number). */
  readonly query_values: Record<string, unknown>;
}

const parameterSchemas = new WeakMap<SandboxOperation, Partial<Record<ParameterLocation, JsonObject>>>();
function parameterSchema(operation: SandboxOperation, where: ParameterLocation): JsonObject {
  const cached = parameterSchemas.get(operation) ?? {};
  parameterSchemas.set(operation, cached);
  cached[where] ??= locationSchema(parametersOf(operation.definition.parameters), where) as JsonObject;
  return cached[where];
}

function checkParameters(
  operation: SandboxOperation,
  where: ParameterLocation,
  textsOf: (name: string) => readonly string[],
): { problems: Problem[]; values: Record<string, unknown> } {
  const values = parameterValues(parametersOf(operation.definition.parameters), where, textsOf);
  const validate = validatorOf(parameterSchema(operation, where), true);
  return { problems: validate(values) ? [] : problemsOf(validate.errors), values };
}

/** How the path parameters break their schemas (the part of `validateRequest` that needs no body). */
export function validatePath(operation: SandboxOperation, params: Readonly<Record<string, string>>): Problem[] {
  return checkParameters(operation, 'path', (name) => (params[name] === undefined ? [] : [params[name]])).problems;
}

/** Every way a request breaks its operation's description: path, query, headers and body. */
export function validateRequest(operation: SandboxOperation, request: RequestParts): RequestProblems {
  const query = checkParameters(operation, 'query', (name) => request.query.getAll(name));
  const header = checkParameters(operation, 'header', (name) => {
    const value = request.headers.get(name);
    return value === null ? [] : [value];
  });
  const requestBody = isObject(operation.definition.requestBody) ? operation.definition.requestBody : undefined;
  let body: Problem[] = [];
  if (requestBody) {
    const content = isObject(requestBody.content) ? requestBody.content : {};
    // A form's fields arrive as text (files as their names): its schema is checked for required parts only.
    const form = isObject(content['multipart/form-data']) ? content['multipart/form-data'] : undefined;
    const media =
      content['application/json'] ??
      (form && isObject(form.schema) ? { schema: { required: form.schema.required ?? [] } } : undefined);
    if (request.body === undefined) {
      body = requestBody.required === true ? [{ field: '', keyword: 'required', message: 'A body is required.' }] : [];
    } else if (isObject(media) && isObject(media.schema)) {
      const validate = validatorOf(media.schema);
      body = validate(request.body) ? [] : problemsOf(validate.errors);
    }
  }
  return {
    path: validatePath(operation, request.params),
    query: query.problems,
    header: header.problems,
    body,
    query_values: query.values,
  };
}

/** Every way a response breaks its operation's description (status listed, body valid against its schema). */
export function validateResponse(
  operation: SandboxOperation,
  status: number,
  contentType: string | null,
  body: unknown,
): string[] {
  const response = responseOf(operation, String(status));
  if (!response) return [`${operation.operationId}: status ${status} is not in the description`];
  const content = isObject(response.content) ? response.content : {};
  const type = (contentType ?? '').split(';')[0].trim();
  if (Object.keys(content).length === 0) return body === undefined ? [] : ['a body the description does not list'];
  const media = content[type];
  if (!isObject(media)) return [`content type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`];
  if (!type.includes('json')) return [];
  const validate = validatorOf(media.schema as JsonObject);
  return validate(body) ? [] : problemsOf(validate.errors).map((problem) => problem.message);
}
