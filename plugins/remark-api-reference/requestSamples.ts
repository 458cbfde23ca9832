/**
 * Request samples in curl, JavaScript (fetch) and Python (requests), built from an operation's own
 * examples in the API description, so a sample cannot drift from the description it is checked against.
 */
import type { JsonObject } from './schemaFields';

export interface SampleOperation {
  readonly method: string;
  readonly path: string;
  /** Base URL of the first server (the sandbox). */
  readonly serverUrl: string;
  readonly definition: JsonObject;
}

export interface RequestSample {
  readonly language: 'bash' | 'javascript' | 'python';
  readonly label: string;
  readonly code: string;
}

export interface SampleRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly contentType: string | null;
  /** The JSON body (absent for multipart requests). */
  readonly body: unknown;
  /** The parts of a `multipart/form-data` body. */
  readonly parts: readonly FormPart[];
}

export interface FormPart {
  readonly name: string;
  /** The text of a field, or the file name of a file part. */
  readonly value: string;
  readonly file: boolean;
}

export class SampleError extends Error {}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

export interface SampleOptions {
  /** A named request-body example (default: the first). */
  readonly example?: string;
  /** Optional query parameters to include, with their examples (required ones always are). */
  readonly query?: readonly string[];
}

/**
 * A header whose value must be new for every request: the samples make one up when they run
 * (`$(uuidgen)`, `crypto.randomUUID()`, `uuid.uuid4()`), so two copied samples never share a key.
 */
export const FRESH_UUID_HEADERS = new Set(['Idempotency-Key']);
export const FRESH_UUID = '<new UUID>';

/** The request an operation's examples describe. */
export function sampleRequest(
  operation: SampleOperation,
  { example, query: optionalQuery = [] }: SampleOptions = {},
): SampleRequest {
  const { definition } = operation;
  const parameters = (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject);
  const valueOf = (parameter: JsonObject): string => {
    const value = exampleOf(parameter);
    if (value === undefined) {
      throw new SampleError(
        `parameter "${String(parameter.name)}" of ${operation.method} ${operation.path} has no example`,
      );
    }
    return String(value);
  };

  let path = operation.path;
  const query = new URLSearchParams();
  const headers: [string, string][] = [['Authorization', 'Bearer $ACCESS_TOKEN']];
  for (const parameter of parameters) {
    const name = String(parameter.name);
    if (parameter.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(valueOf(parameter)));
    // The required query parameters, and the optional ones the page asks for.
    if (parameter.in === 'query' && (parameter.required === true || optionalQuery.includes(name))) {
      query.set(name, valueOf(parameter));
    }
    if (parameter.in === 'header') headers.push([name, FRESH_UUID_HEADERS.has(name) ? FRESH_UUID : valueOf(parameter)]);
  }
  const unknown = optionalQuery.filter(
    (name) => !parameters.some((parameter) => parameter.in === 'query' && parameter.name === name),
  );
  if (unknown.length > 0) {
    throw new SampleError(`${operation.method} ${operation.path} has no query parameter ${unknown.join(', ')}`);
  }

  const responses = isObject(definition.responses) ? definition.responses : {};
  const accepts = Object.entries(responses)
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => Object.keys(isObject(response) && isObject(response.content) ? response.content : {}));
  if (accepts.length > 0) headers.push(['Accept', accepts[0]]);

  const requestBody = isObject(definition.requestBody) ? definition.requestBody : null;
  const content = requestBody && isObject(requestBody.content) ? requestBody.content : {};
  const [contentType, media] = Object.entries(content)[0] ?? [null, null];
  let body: unknown = undefined;
  let parts: FormPart[] = [];
  if (contentType && isObject(media)) {
    body = exampleOf(media, example);
    if (body === undefined)
      throw new SampleError(`the request body of ${operation.method} ${operation.path} has no example`);
    if (contentType === 'multipart/form-data') {
      parts = formParts(media, body);
      body = undefined;
    } else {
      headers.push(['Content-Type', contentType]);
    }
  } else if (example) {
    throw new SampleError(
      `${operation.method} ${operation.path} has no request body to take example "${example}" from`,
    );
  }

  const search = query.toString();
  return {
    method: operation.method.toUpperCase(),
    url: `${operation.serverUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`,
    headers,
    contentType,
    body,
    parts,
  };
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
    return { name, value: file ? fileName : text, file };
  });
}

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;
/** A header value in double quotes so that `$ACCESS_TOKEN` expands. */
const shellHeader = (name: string, value: string): string =>
  value === FRESH_UUID ? `"${name}: $(uuidgen)"` : `"${name}: ${value.replace(/["\\`]/g, '\\$&')}"`;

export function curlSample(request: SampleRequest): string {
  const lines = [`curl --request ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`--header ${shellHeader(name, value)}`);
  if (request.contentType === 'multipart/form-data') {
    for (const part of request.parts) {
      lines.push(`--form ${shellQuote(`${part.name}=${part.file ? '@' : ''}${part.value}`)}`);
    }
  } else if (request.body !== undefined) {
    lines.push(`--data ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

const jsString = (value: string): string => JSON.stringify(value);

export function fetchSample(request: SampleRequest): string {
  const headerLines = request.headers.map(([name, value]) =>
    name === 'Authorization'
      ? `    Authorization: \`Bearer \${process.env.ACCESS_TOKEN}\`,`
      : `    ${/^[A-Za-z]+$/.test(name) ? name : jsString(name)}: ${value === FRESH_UUID ? 'crypto.randomUUID()' : jsString(value)},`,
  );
  const lines: string[] = [];
  if (request.contentType === 'multipart/form-data') {
    lines.push('const form = new FormData();');
    for (const part of request.parts) {
      lines.push(
        part.file
          ? `form.append(${jsString(part.name)}, await fs.openAsBlob(${jsString(part.value)}), ${jsString(part.value)});`
          : `form.append(${jsString(part.name)}, ${jsString(part.value)});`,
      );
    }
    lines.push('');
  }
  lines.push(`const response = await fetch(${jsString(request.url)}, {`);
  lines.push(`  method: ${jsString(request.method)},`);
  lines.push('  headers: {', ...headerLines, '  },');
  if (request.contentType === 'multipart/form-data') lines.push('  body: form,');
  else if (request.body !== undefined) {
    const json = JSON.stringify(request.body, null, 2).replace(/\n/g, '\n  ');
    lines.push(`  body: JSON.stringify(${json}),`);
  }
  lines.push('});');
  lines.push('if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);');
  const binary = request.headers.some(([name, value]) => name === 'Accept' && !value.includes('json'));
  lines.push(binary ? 'const content = await response.arrayBuffer();' : 'const result = await response.json();');
  if (lines.some((line) => line.includes('fs.openAsBlob'))) lines.unshift("import fs from 'node:fs';", '');
  return lines.join('\n');
}

/** A JSON value as a Python literal (True/False/None instead of true/false/null). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, indent + 4)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as JsonObject);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)},`).join('\n')}\n${end}}`;
}

export function pythonSample(request: SampleRequest): string {
  const lines = ['import os', '', 'import requests', ''];
  const headers = request.headers
    .filter(([name]) => !(request.contentType === 'multipart/form-data' && name === 'Content-Type'))
    .map(([name, value]) =>
      name === 'Authorization'
        ? `    "Authorization": f"Bearer {os.environ['ACCESS_TOKEN']}",`
        : `    ${JSON.stringify(name)}: ${value === FRESH_UUID ? 'str(uuid.uuid4())' : JSON.stringify(value)},`,
    );
  if (request.headers.some(([, value]) => value === FRESH_UUID)) lines.splice(1, 0, 'import uuid');
  const args = [
    `    ${JSON.stringify(request.url)},`,
    '    headers={',
    ...headers.map((line) => `    ${line}`),
    '    },',
  ];
  if (request.contentType === 'multipart/form-data') {
    const data = request.parts.filter((part) => !part.file);
    const files = request.parts.filter((part) => part.file);
    if (data.length > 0) {
      args.push(`    data=${pythonLiteral(Object.fromEntries(data.map((part) => [part.name, part.value])), 4)},`);
    }
    if (files.length > 0) {
      const opened = files.map((part) => `${JSON.stringify(part.name)}: open(${JSON.stringify(part.value)}, "rb")`);
      args.push(`    files={${opened.join(', ')}},`);
    }
  } else if (request.body !== undefined) {
    args.push(`    json=${pythonLiteral(request.body, 4)},`);
  }
  args.push('    timeout=30,');
  lines.push(`response = requests.${request.method.toLowerCase()}(`, ...args, ')');
  lines.push('response.raise_for_status()');
  const binary = request.headers.some(([name, value]) => name === 'Accept' && !value.includes('json'));
  lines.push(binary ? 'content = response.content' : 'result = response.json()');
  return lines.join('\n');
}

export function requestSamples(operation: SampleOperation, options: SampleOptions = {}): RequestSample[] {
  const request = sampleRequest(operation, options);
  return [
    { language: 'bash', label: 'curl', code: curlSample(request) },
    { language: 'javascript', label: 'JavaScript (fetch)', code: fetchSample(request) },
    { language: 'python', label: 'Python (requests)', code: pythonSample(request) },
  ];
}
