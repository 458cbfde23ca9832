/**
 * The request an operation's own examples describe, built once from the API description: method,
 * URL, headers, query and body. The sample writers (`curlSample`, `fetchSample`, `pythonSample`) are
 * pure functions of this model, so a sample cannot drift from the description it is checked against.
 */
import { isObject, type JsonObject } from '../../openapi/document';

export interface SampleOperation {
  readonly method: string;
  readonly path: string;
  /** Base URL of the first server (the sandbox). */
  readonly serverUrl: string;
  readonly definition: JsonObject;
}

export interface SampleOptions {
  /** A named request-body example (default: the first). */
  readonly example?: string;
  /** Optional query parameters to include, with their examples (required ones always are). */
  readonly query?: readonly string[];
  /**
   * Values the sample reads from an environment variable instead of the example: a path parameter's or a
   * top-level body field's name → the variable (`{ orderId: 'ORDER_ID' }`), which an earlier sample saved.
   */
  readonly variables?: Readonly<Record<string, string>>;
  /**
   * Variables the curl sample sets from the response, for the next samples: variable → field, top-level
   * (`orderId`), nested (`a.b`) or in the list entry with a value (`associatedParties[role:TRUSTED_CONTACT].partyId`).
   */
  readonly save?: Readonly<Record<string, string>>;
}

/** A variable name as a shell, Node.js and Python all read it. */
const VARIABLE_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * Where a value comes from a variable, the model holds this marker: in the path as it is, in a JSON body as a
 * string. Each writer turns it into its language's way of reading the variable (`variableReferences`).
 */
const variableMarker = (name: string): string => `\u0000${name}\u0000`;

/**
 * Replaces the variable markers in a writer's text: `inString` for a marker that is a whole JSON string (quotes
 * included, as `JSON.stringify` writes it), `inText` for one inside other text (a path).
 */
export function variableReferences(
  text: string,
  write: { readonly inString: (name: string) => string; readonly inText: (name: string) => string },
): string {
  return (
    text
      .replace(/"\\u0000([A-Z][A-Z0-9_]*)\\u0000"/g, (_, name: string) => write.inString(name))
      // eslint-disable-next-line no-control-regex -- the marker is a NUL, which no description text holds
      .replace(/\u0000([A-Z][A-Z0-9_]*)\u0000/g, (_, name: string) => write.inText(name))
  );
}

/**
 * The options written as a page's `<RequestSamples>` attributes: `example="limitBuy"`, `query="status,limit"`,
 * `variables="orderId=ORDER_ID"`, `save="ORDER_ID=orderId"` (pairs separated by commas).
 */
export function sampleOptionsOf(attributes: Readonly<Record<string, string | undefined>>): SampleOptions {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const pairs = (name: 'variables' | 'save') =>
    Object.fromEntries(
      list(attributes[name]).map((pair) => {
        const [left, right, ...rest] = pair.split('=').map((part) => part.trim());
        const variable = name === 'variables' ? right : left;
        if (!left || !right || rest.length > 0 || !VARIABLE_NAME.test(variable ?? '')) {
          throw new SampleError(
            `${name}="${attributes[name]}": write ${name === 'variables' ? 'field=VARIABLE' : 'VARIABLE=field'} pairs, separated by commas, with variables in capitals`,
          );
        }
        return [left, right];
      }),
    );
  return {
    example: attributes.example,
    query: attributes.query === undefined ? undefined : list(attributes.query),
    variables: attributes.variables === undefined ? undefined : pairs('variables'),
    save: attributes.save === undefined ? undefined : pairs('save'),
  };
}

/**
 * What a header sends: a fixed text, the reader's access token as a bearer token, or a new UUID made
 * up each time the sample runs (`$(node -p 'crypto.randomUUID()')`, `crypto.randomUUID()`, `uuid.uuid4()`).
 */
export type HeaderValue =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'bearerToken' } | { readonly kind: 'newUuid' };

interface RequestHeader {
  readonly name: string;
  readonly value: HeaderValue;
}

interface FormPart {
  readonly name: string;
  /** The text of a field, or the file name of a file part. */
  readonly value: string;
  readonly file: boolean;
  /**
   * A file part's media type, from its file name: what curl guesses by itself, and what the JavaScript and Python
   * samples send, so the file arrives typed as it is (not as `application/octet-stream`).
   */
  readonly contentType?: string;
}

const FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

type RequestBody =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'multipart'; readonly parts: readonly FormPart[] };

export interface SampleRequest {
  /** Upper case, e.g. `POST`. */
  readonly method: string;
  /** The server's base URL, path included (`https://sandbox.api.clearing.example/v1`). */
  readonly serverUrl: string;
  /** The operation's path relative to `serverUrl`, with its path parameters filled in. */
  readonly path: string;
  readonly query: readonly (readonly [string, string])[];
  /** In the order the samples send them; `Content-Type` is among them for a JSON body. */
  readonly headers: readonly RequestHeader[];
  readonly body: RequestBody | null;
  /** How the samples read a success response: as JSON, or as bytes (a PDF). */
  readonly response: 'json' | 'binary';
  /** Variables the curl sample sets from the response's top-level fields: variable → field. */
  readonly save: Readonly<Record<string, string>>;
}

export class SampleError extends Error {}

/** Headers whose value must be new for every request, so that two copied samples never share one. */
const NEW_UUID_HEADERS: ReadonlySet<string> = new Set(['Idempotency-Key']);

/** What follows the base URL: the path and the query string. */
export function requestTarget(request: Pick<SampleRequest, 'path' | 'query'>): string {
  const search = new URLSearchParams(request.query.map(([name, value]) => [name, value])).toString();
  return `${request.path}${search ? `?${search}` : ''}`;
}

/** The whole URL: the base URL, the path and the query string. */
export function requestUrl(request: Pick<SampleRequest, 'serverUrl' | 'path' | 'query'>): string {
  return `${baseUrlOf(request)}${requestTarget(request)}`;
}

/** The server's base URL without a trailing slash: the default of the samples' base URL variable. */
export const baseUrlOf = (request: Pick<SampleRequest, 'serverUrl'>): string => request.serverUrl.replace(/\/$/, '');

/** The example of a parameter, media type or schema: `example`, else the chosen or first `examples` value. */
export function exampleOf(holder: JsonObject, name?: string): unknown {
  const examples = isObject(holder.examples) ? holder.examples : null;
  if (name) {
    const named = examples?.[name];
    if (!isObject(named) || !('value' in named)) {
      throw new SampleError(`no example named "${name}" (has: ${Object.keys(examples ?? {}).join(', ') || 'none'})`);
    }
    return named.value;
  }
  if ('example' in holder) return holder.example;
  const first = examples ? Object.values(examples).find((example) => isObject(example) && 'value' in example) : null;
  if (isObject(first)) return first.value;
  const schema = isObject(holder.schema) ? holder.schema : null;
  if (schema && 'example' in schema) return schema.example;
  if (schema && Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

/** A part is a file when its schema says binary content; its example names the file. */
function formParts(media: JsonObject, example: unknown): FormPart[] {
  const schema = isObject(media.schema) ? media.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(isObject(example) ? example : {}).map(([name, value]) => {
    const property = isObject(properties[name]) ? properties[name] : {};
    const file = property.format === 'binary' || 'contentMediaType' in property || 'contentEncoding' in property;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const fileName = /[\w.-]+\.(?:pdf|jpe?g|png|tiff?)\b/i.exec(text)?.[0] ?? `${name}.bin`;
    if (!file) return { name, value: text, file };
    const contentType = FILE_TYPES[fileName.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
    return { name, value: fileName, file, contentType };
  });
}

/** The request an operation's examples describe. */
export function sampleRequest(
  operation: SampleOperation,
  { example, query: optionalQuery = [], variables = {}, save = {} }: SampleOptions = {},
): SampleRequest {
  const { definition } = operation;
  const where = `${operation.method} ${operation.path}`;
  const parameters = (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject);
  const valueOf = (parameter: JsonObject): string => {
    const value = exampleOf(parameter);
    if (value === undefined) throw new SampleError(`parameter "${String(parameter.name)}" of ${where} has no example`);
    return String(value);
  };

  const unknown = optionalQuery.filter(
    (name) => !parameters.some((parameter) => parameter.in === 'query' && parameter.name === name),
  );
  if (unknown.length > 0) throw new SampleError(`${where} has no query parameter ${unknown.join(', ')}`);

  const fromVariable = new Set<string>();
  let path = operation.path;
  const query: [string, string][] = [];
  const headers: RequestHeader[] = [{ name: 'Authorization', value: { kind: 'bearerToken' } }];
  for (const parameter of parameters) {
    const name = String(parameter.name);
    if (parameter.in === 'path') {
      const variable = variables[name];
      if (variable) fromVariable.add(name);
      path = path.replace(`{${name}}`, variable ? variableMarker(variable) : encodeURIComponent(valueOf(parameter)));
    }
    // The required query parameters, and the optional ones the page asks for.
    if (parameter.in === 'query' && (parameter.required === true || optionalQuery.includes(name))) {
      query.push([name, valueOf(parameter)]);
    }
    if (parameter.in === 'header') {
      headers.push({
        name,
        value: NEW_UUID_HEADERS.has(name) ? { kind: 'newUuid' } : { kind: 'text', text: valueOf(parameter) },
      });
    }
  }

  const responses = isObject(definition.responses) ? definition.responses : {};
  const accept = Object.entries(responses)
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => Object.keys(isObject(response) && isObject(response.content) ? response.content : {}))
    .at(0);
  if (accept) headers.push({ name: 'Accept', value: { kind: 'text', text: accept } });

  const requestBody = isObject(definition.requestBody) ? definition.requestBody : null;
  const [contentType, media] = Object.entries(
    requestBody && isObject(requestBody.content) ? requestBody.content : {},
  )[0] ?? [null, null];
  let body: RequestBody | null = null;
  if (contentType && isObject(media)) {
    const value = exampleOf(media, example);
    if (value === undefined) throw new SampleError(`the request body of ${where} has no example`);
    if (contentType === 'multipart/form-data') {
      body = { kind: 'multipart', parts: formParts(media, value) };
    } else {
      const fields = isObject(value) ? { ...value } : value;
      if (isObject(fields)) {
        for (const [name, variable] of Object.entries(variables)) {
          if (name in fields && !fromVariable.has(name)) {
            fields[name] = variableMarker(variable);
            fromVariable.add(name);
          }
        }
      }
      body = { kind: 'json', value: fields };
      headers.push({ name: 'Content-Type', value: { kind: 'text', text: contentType } });
    }
  } else if (example) {
    throw new SampleError(`${where} has no request body to take example "${example}" from`);
  }

  const unused = Object.keys(variables).filter((name) => !fromVariable.has(name));
  if (unused.length > 0) {
    throw new SampleError(`${where} has no path parameter or body field ${unused.join(', ')} to read from a variable`);
  }
  return {
    method: operation.method.toUpperCase(),
    serverUrl: operation.serverUrl,
    path,
    query,
    headers,
    body,
    response: accept && !accept.includes('json') ? 'binary' : 'json',
    save,
  };
}
