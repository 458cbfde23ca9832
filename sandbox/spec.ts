/**
 * The four API descriptions as the sandbox serves them: one table of operations under `/v1`, each with
 * its required scopes and its request and response validators (Ajv, JSON Schema 2020-12, as OpenAPI 3.1
 * schemas are). Nothing here keeps state or answers requests, so the same checks can serve a "Try it"
 * panel or a validating proxy: `matchOperation`, `validateRequest` and `validateResponse`.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { API_NAMES, loadDereferenced, operationsOf, type ApiName } from '../openapi/descriptions';
import { isObject, type JsonObject } from '../openapi/document';

export interface SandboxOperation {
  readonly api: ApiName;
  readonly operationId: string;
  /** Upper case, e.g. `POST`. */
  readonly method: string;
  /** As the description writes it, e.g. `/orders/equity/{orderId}`. */
  readonly path: string;
  readonly pattern: RegExp;
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
}

export interface SandboxDescriptions {
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
  /** A copy of the first example of an operation's response (by `operationId`, status and example name). */
  example(operationId: string, status: string, name?: string): JsonObject;
}

/** One problem with a request or response: the field in dot notation and what is wrong with it. */
export interface Problem {
  readonly field: string;
  /** The JSON Schema keyword that failed (`required`, `pattern`, `enum`, `additionalProperties`, …). */
  readonly keyword: string;
  readonly message: string;
  /** For `pattern`: the pattern and the value that failed it, from which the issue code is told. */
  readonly pattern?: string;
  readonly value?: unknown;
}

// `verbose` keeps the failing value in each error: a pattern failure's issue code depends on it.
const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
addFormats(ajv);
/** Query and path values arrive as text; this instance coerces `"50"` to `50` where a schema says integer. */
const coercingAjv = new Ajv2020({
  strict: false,
  allErrors: true,
  verbose: true,
  coerceTypes: 'array',
  useDefaults: true,
});
addFormats(coercingAjv);

const validators = new WeakMap<object, ValidateFunction>();
function validatorOf(schema: JsonObject, coerce = false): ValidateFunction {
  const cached = validators.get(schema);
  if (cached) return cached;
  const validate = (coerce ? coercingAjv : ajv).compile(schema);
  validators.set(schema, validate);
  return validate;
}

function problemsOf(errors: ErrorObject[] | null | undefined, prefix = ''): Problem[] {
  const seen = new Set<string>();
  return (errors ?? [])
    .filter((error) => !['oneOf', 'anyOf', 'if', 'allOf', 'not'].includes(error.keyword))
    .map((error): Problem => {
      const parts = error.instancePath.split('/').filter(Boolean);
      const params = error.params as Record<string, unknown>;
      if (error.keyword === 'required') parts.push(String(params.missingProperty));
      if (error.keyword === 'additionalProperties') parts.push(String(params.additionalProperty));
      if (error.keyword === 'unevaluatedProperties') parts.push(String(params.unevaluatedProperty));
      const field = [prefix, fieldPath(parts)].filter(Boolean).join('.');
      const message = `${field || 'body'} ${error.message ?? 'is invalid'}`;
      return error.keyword === 'pattern'
        ? { field, keyword: error.keyword, message, pattern: String(params.pattern), value: error.data }
        : { field, keyword: error.keyword, message };
    })
    .filter((problem) => {
      const key = `${problem.field}|${problem.keyword}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * A field's path as Standard errors writes it, in dot notation with array indexes: `['allocations', '0',
 * 'quantity']` → `allocations[0].quantity`.
 */
function fieldPath(parts: readonly string[]): string {
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
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

let loaded: SandboxDescriptions | undefined;

/** The four descriptions, bundled by the Redocly CLI once per process (a few seconds). */
export function loadSandboxDescriptions(): SandboxDescriptions {
  if (loaded) return loaded;
  const documents = Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api)])) as Record<
    ApiName,
    JsonObject
  >;
  const operations = API_NAMES.flatMap((api) =>
    operationsOf(api, documents[api]).map((operation): SandboxOperation => {
      const pathParameterNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const source = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '([^/]+)');
      const security = Array.isArray(operation.definition.security) ? operation.definition.security : [];
      return {
        api,
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        pattern: new RegExp(`^${source}$`),
        pathParameterNames,
        scopeSets: security.filter(isObject).map((requirement) => Object.values(requirement).flat().map(String)),
        definition: operation.definition,
        statuses: Object.keys(isObject(operation.definition.responses) ? operation.definition.responses : {}),
        maxBodyBytes: maxBodyBytesOf(documents[api], operation.definition),
        fileParts: filePartsOf(operation.definition),
        idempotencyKey: idempotencyKeyOf(operation.definition),
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
  loaded = {
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
    example(operationId, status, name) {
      const response = responseOf(byId.get(operationId), status);
      const media = response && isObject(response.content) ? Object.values(response.content)[0] : undefined;
      const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
      const chosen = name ? examples[name] : Object.values(examples)[0];
      if (isObject(chosen)) return structuredClone(chosen.value) as JsonObject;
      if (!name && isObject(media) && isObject(media.example)) return structuredClone(media.example);
      throw new Error(`no example ${name ?? ''} of ${operationId} ${status}`);
    },
  };
  return loaded;
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

/** Which operation a method and a path below `/v1` name. */
export function matchOperation(descriptions: SandboxDescriptions, method: string, path: string): Match {
  const onPath = descriptions.operations.flatMap((operation) => {
    const match = operation.pattern.exec(path);
    return match ? [{ operation, values: match.slice(1) }] : [];
  });
  // A literal segment wins over a parameter (`/orders/equity/block` is not an order ID).
  const parameterCount = (template: string) => template.split('{').length;
  onPath.sort((a, b) => parameterCount(a.operation.path) - parameterCount(b.operation.path));
  const fewest = onPath.length > 0 ? parameterCount(onPath[0].operation.path) : 0;
  const found = onPath.find(({ operation }) => operation.method === method.toUpperCase());
  if (found) {
    const params = Object.fromEntries(
      found.operation.pathParameterNames.map((name, index) => [name, safeDecode(found.values[index])]),
    );
    return { kind: 'operation', operation: found.operation, params };
  }
  if (onPath.length > 0) {
    const allowed = onPath
      .filter(({ operation }) => parameterCount(operation.path) === fewest)
      .map(({ operation }) => operation.method);
    return { kind: 'wrongMethod', allowed };
  }
  return { kind: 'unknownPath' };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
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

function parameters(operation: SandboxOperation, where: string): JsonObject[] {
  const list = Array.isArray(operation.definition.parameters) ? operation.definition.parameters : [];
  return list.filter(isObject).filter((parameter) => parameter.in === where);
}

const parameterSchemas = new WeakMap<SandboxOperation, Record<string, JsonObject>>();
function parameterSchema(operation: SandboxOperation, where: string): JsonObject {
  const cached = parameterSchemas.get(operation) ?? {};
  parameterSchemas.set(operation, cached);
  cached[where] ??= {
    type: 'object',
    properties: Object.fromEntries(parameters(operation, where).map((p) => [String(p.name), p.schema ?? {}])),
    required: parameters(operation, where)
      .filter((p) => p.required === true)
      .map((p) => String(p.name)),
  };
  return cached[where];
}

function checkParameters(operation: SandboxOperation, where: string, values: Record<string, unknown>): Problem[] {
  const validate = validatorOf(parameterSchema(operation, where), true);
  return validate(values) ? [] : problemsOf(validate.errors);
}

/** How the path parameters break their schemas (the part of `validateRequest` that needs no body). */
export function validatePath(operation: SandboxOperation, params: Readonly<Record<string, string>>): Problem[] {
  return checkParameters(operation, 'path', { ...params });
}

/** Every way a request breaks its operation's description: path, query, headers and body. */
export function validateRequest(operation: SandboxOperation, request: RequestParts): RequestProblems {
  const check = (where: string, values: Record<string, unknown>): Problem[] =>
    checkParameters(operation, where, values);
  const query: Record<string, unknown> = {};
  for (const parameter of parameters(operation, 'query')) {
    const name = String(parameter.name);
    const values = request.query.getAll(name);
    if (values.length === 0) continue;
    // An array parameter takes repeated names (`type=DEPOSIT&type=FEE`) or a comma-separated list.
    const isArray = isObject(parameter.schema) && parameter.schema.type === 'array';
    query[name] = isArray ? values.flatMap((value) => value.split(',')) : values[values.length - 1];
  }
  const headerValues: Record<string, unknown> = {};
  for (const parameter of parameters(operation, 'header')) {
    const value = request.headers.get(String(parameter.name));
    if (value !== null) headerValues[String(parameter.name)] = value;
  }
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
    query: check('query', query),
    header: check('header', headerValues),
    body,
    query_values: query,
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
