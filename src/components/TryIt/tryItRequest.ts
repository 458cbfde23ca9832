/**
 * The Try it panel's logic without React: the request the reader's fields describe, what is wrong with
 * them (the operation's compiled checks), the curl command of the request, and what is wrong with a
 * response. Pure functions of their arguments, tested in `__tests__/tryItRequest.test.ts`.
 */
import { fieldPath, pointerParts, type CheckError } from '../../../contracts/openapi/issues';
import { parameterValue } from '../../../contracts/openapi/parameters';
import { fillPathTemplate } from '../../../contracts/openapi/pathTemplate';
import {
  responseCheckName,
  type Check,
  type TryItField,
  type TryItModule,
  type TryItOperation,
} from '../../../contracts/tryIt/operation';

/** Where a request goes: the base URL of the API and the token endpoint. */
export interface Target {
  readonly id: 'local' | 'proxy';
  /** What the panel calls it: "Local sandbox", "Sandbox". */
  readonly label: string;
  readonly apiUrl: string;
  readonly tokenUrl: string;
}

/** Where a value of the form goes: a parameter's location, or a part of a `multipart/form-data` body. */
export type FieldPlace = TryItField['in'] | 'form';

/**
 * The key of a value in the form and of its problems: where it goes and its name (`path:orderId`, `form:file`).
 * Every key is built here; the JSON body's problems have `BODY_KEY`.
 */
export const fieldKey = (field: { readonly in: FieldPlace; readonly name: string }) => `${field.in}:${field.name}`;

/** The key of the problems of the JSON body (the body itself is `FormValues.body`). */
export const BODY_KEY = 'body';

/** The header the panel makes new for every send. */
export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** The `fieldKey` of the `Idempotency-Key` header. */
export const IDEMPOTENCY_FIELD_KEY = fieldKey({ in: 'header', name: IDEMPOTENCY_KEY });

/** What the reader put in a `multipart/form-data` body: each text part, and each chosen file, by part name. */
export interface FormPartValues {
  /** An empty text is a part left out. */
  readonly text: Readonly<Record<string, string>>;
  readonly files: Readonly<Record<string, File | undefined>>;
}

export interface FormValues {
  /** By `fieldKey`; an empty text is a field left out. */
  readonly fields: Readonly<Record<string, string>>;
  /** The JSON body as the reader edits it. */
  readonly body: string;
  /** The parts of a `multipart/form-data` body; absent for any other. */
  readonly form?: FormPartValues;
}

/** A part of a multipart body as sent: a text part's value, or a file part's file name. */
export interface SentFormPart {
  readonly name: string;
  readonly value: string;
  readonly file: boolean;
}

export interface Problem {
  /** The field's label as the form shows it (`orderId (path)`, `body.quantity`). */
  readonly field: string;
  /** The `fieldKey` of the form field, or `BODY_KEY`, so the form can point at it. */
  readonly key: string;
  readonly message: string;
}

export interface PreparedRequest {
  readonly method: string;
  /** The whole URL, query included. */
  readonly url: string;
  /** In the order they are sent; `Authorization` is added when sending, never here. */
  readonly headers: readonly (readonly [string, string])[];
  /** JSON text, or a multipart form (the browser writes its `Content-Type` with the boundary). */
  readonly body: string | FormData | null;
  /** The parts of a multipart body, for the curl command. */
  readonly formParts?: readonly SentFormPart[];
}

/** The example the panel starts with: the description's first example written for the sandbox, else its first. */
export function defaultExampleName(operation: TryItOperation): string | undefined {
  return (operation.examples.find(({ name }) => name.startsWith('sandbox')) ?? operation.examples[0])?.name;
}

/**
 * The values the form starts with: the default example's, with a new `Idempotency-Key` (`newKey`) when the operation
 * takes one.
 */
export function initialValues(operation: TryItOperation, newKey: () => string): FormValues {
  const first = exampleValues(operation);
  const takesKey = operation.fields.some((field) => fieldKey(field) === IDEMPOTENCY_FIELD_KEY);
  return takesKey ? { ...first, fields: { ...first.fields, [IDEMPOTENCY_FIELD_KEY]: newKey() } } : first;
}

/** The values of the selected example: every field's example, and the example's body as indented JSON. */
export function exampleValues(operation: TryItOperation, exampleName?: string): FormValues {
  const fields: Record<string, string> = {};
  for (const field of operation.fields) {
    fields[fieldKey(field)] = field.required || field.in !== 'query' ? field.example : '';
  }
  const wanted = exampleName ?? defaultExampleName(operation);
  const example = operation.examples.find(({ name }) => name === wanted) ?? operation.examples[0];
  const body = example?.body?.kind === 'json' ? JSON.stringify(example.body.value, null, 2) : '';
  if (operation.formParts.length === 0) return { fields, body };
  const exampleParts = example?.body?.kind === 'multipart' ? example.body.parts : [];
  const text = Object.fromEntries(
    operation.formParts
      .filter((part) => !part.file)
      .map((part) => [part.name, exampleParts.find(({ name }) => name === part.name)?.value ?? '']),
  );
  return { fields, body, form: { text, files: {} } };
}

/** The multipart form of the reader's parts, or the required parts they left out. */
function multipartBody(
  operation: TryItOperation,
  values: FormPartValues | undefined,
): { form: FormData; parts: SentFormPart[]; problems: Problem[] } {
  const form = new FormData();
  const parts: SentFormPart[] = [];
  const problems: Problem[] = [];
  for (const part of operation.formParts) {
    const file = part.file ? values?.files[part.name] : undefined;
    const text = part.file ? '' : (values?.text[part.name] ?? '');
    if (file) {
      form.append(part.name, file, file.name);
      parts.push({ name: part.name, value: file.name, file: true });
    } else if (text !== '') {
      form.append(part.name, text);
      parts.push({ name: part.name, value: text, file: false });
    } else if (part.required) {
      problems.push({
        field: `${part.name} (form)`,
        key: fieldKey({ in: 'form', name: part.name }),
        message: part.file ? 'is required: choose a file' : 'is required',
      });
    }
  }
  return { form, parts, problems };
}

/**
 * A field's text as the sandbox reads it (contracts/openapi/parameters.ts): `"50"` is 50 for an integer, an array
 * takes comma-separated items, so the check sees what the server will.
 */
function typed(field: TryItField, text: string): unknown {
  const schema = { type: field.type, ...(field.itemType ? { items: { type: field.itemType } } : {}) };
  return parameterValue({ name: field.name, in: field.in, schema }, [text]);
}

/** `/body/legs/0/symbol` → `body.legs[0].symbol`. */
const pointerLabel = (pointer: string): string => fieldPath(pointerParts(pointer));

/** Ajv's errors as problems named after the form's fields. */
function requestProblems(operation: TryItOperation, errors: readonly CheckError[]): Problem[] {
  const seen = new Set<string>();
  return errors.flatMap((error) => {
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
    const pointer = missing === undefined ? error.instancePath : `${error.instancePath}/${missing}`;
    const [, where, name] = pointer.split('/');
    const field = operation.fields.find((candidate) => candidate.in === where && candidate.name === name);
    const problem: Problem = field
      ? {
          field: `${field.name} (${field.in})`,
          key: fieldKey(field),
          message: missing === undefined ? (error.message ?? 'is not valid') : 'is required',
        }
      : {
          field: where === 'body' ? pointerLabel(pointer) : pointerLabel(pointer) || 'request',
          key: BODY_KEY,
          message: missing === undefined ? (error.message ?? 'is not valid') : 'is required',
        };
    const id = `${problem.field} ${problem.message}`;
    if (seen.has(id)) return [];
    seen.add(id);
    return [problem];
  });
}

/**
 * The request the form describes, or every problem with it, named after its field. The checks are the
 * operation's own (`module.request`), so the panel refuses what the sandbox would refuse as invalid.
 */
export function prepareRequest(
  module: Pick<TryItModule, 'operation' | 'request'>,
  values: FormValues,
  target: Target,
): { ok: true; request: PreparedRequest } | { ok: false; problems: Problem[] } {
  const { operation } = module;
  const locations: Record<'path' | 'query' | 'header', Record<string, unknown>> = { path: {}, query: {}, header: {} };
  for (const field of operation.fields) {
    const text = values.fields[fieldKey(field)] ?? '';
    if (text !== '') locations[field.in][field.name] = typed(field, text);
  }
  const problems: Problem[] = [];
  let body: unknown;
  const jsonBody = operation.contentType !== null && operation.contentType.includes('json');
  if (jsonBody && values.body.trim() !== '') {
    try {
      body = JSON.parse(values.body);
    } catch (error) {
      problems.push({
        field: 'Request body',
        key: BODY_KEY,
        message: `is not valid JSON (${(error as Error).message})`,
      });
    }
  }
  if (problems.length === 0 && !module.request({ ...locations, ...(body === undefined ? {} : { body }) })) {
    problems.push(...requestProblems(operation, module.request.errors ?? []));
  }
  // What the sandbox and the proxy could not read as one segment (an encoded `/`, a `%`, `..`) is refused here.
  const pathValues = Object.fromEntries(Object.entries(locations.path).map(([name, value]) => [name, String(value)]));
  const filled = fillPathTemplate(operation.path, pathValues);
  if (!filled.ok) {
    for (const [name, problem] of Object.entries(filled.problems)) {
      const key = fieldKey({ in: 'path', name });
      // A value the check already refused, or left out (the check says it is required), needs no second problem.
      if (pathValues[name] === undefined || problems.some((problem) => problem.key === key)) continue;
      problems.push({
        field: `${name} (path)`,
        key,
        message: `cannot be sent in a path: it ${problem}`,
      });
    }
  }
  const multipart = operation.formParts.length > 0 ? multipartBody(operation, values.form) : null;
  if (multipart) problems.push(...multipart.problems);
  if (problems.length > 0 || !filled.ok) return { ok: false, problems };

  const { path } = filled;
  const query = new URLSearchParams(Object.entries(locations.query).map(([name, value]) => [name, String(value)]));
  const search = query.toString();
  const headers: [string, string][] = Object.entries(locations.header).map(([name, value]) => [name, String(value)]);
  const accept = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1].contentTypes[0];
  if (accept) headers.push(['Accept', accept]);
  if (body !== undefined && operation.contentType) headers.push(['Content-Type', operation.contentType]);
  const url = `${target.apiUrl}${path}${search ? `?${search}` : ''}`;
  if (multipart) {
    return {
      ok: true,
      request: { method: operation.method, url, headers, body: multipart.form, formParts: multipart.parts },
    };
  }
  return {
    ok: true,
    request: { method: operation.method, url, headers, body: body === undefined ? null : JSON.stringify(body) },
  };
}

/** A value for a POSIX shell, in single quotes. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request as a curl command, reading the token from `$ACCESS_TOKEN` (the token itself never appears). */
export function curlCommand(request: PreparedRequest): string {
  const lines = [`curl -X ${request.method} ${quoted(request.url)}`, `-H "Authorization: Bearer $ACCESS_TOKEN"`];
  for (const [name, value] of request.headers) lines.push(`-H ${quoted(`${name}: ${value}`)}`);
  if (request.formParts) {
    for (const part of request.formParts) lines.push(curlFormPart(part));
  } else if (typeof request.body === 'string') {
    lines.push(`--data ${quoted(JSON.stringify(JSON.parse(request.body), null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

/**
 * One part as curl's `--form`: a file as `name=@file` (the file name in double quotes when curl would read
 * `;` or `,` in it as more options); a text that curl would read as a file (`@…`, `<…`) as `--form-string`.
 */
function curlFormPart(part: SentFormPart): string {
  if (part.file) {
    const fileName = /[;,"\\]/.test(part.value) ? `"${part.value.replace(/["\\]/g, '\\$&')}"` : part.value;
    return `--form ${quoted(`${part.name}=@${fileName}`)}`;
  }
  return `${/^[@<]|;/.test(part.value) ? '--form-string' : '--form'} ${quoted(`${part.name}=${part.value}`)}`;
}

/** What the response does not do as the description says, in words; empty when it matches. */
export function responseProblems(
  module: TryItModule,
  response: { readonly status: number; readonly contentType: string; readonly body: unknown },
): string[] {
  const { responses } = module.operation;
  const status = String(response.status);
  const described = responses[status] ? status : responses.default ? 'default' : undefined;
  if (!described) {
    return [`Status ${status} is not in the description, which lists ${Object.keys(responses).join(', ')}.`];
  }
  const { contentTypes } = responses[described];
  const mediaType = response.contentType.split(';')[0].trim().toLowerCase();
  if (contentTypes.length > 0 && !contentTypes.includes(mediaType)) {
    return [`Content-Type ${mediaType || '(none)'} is not among those described: ${contentTypes.join(', ')}.`];
  }
  const check = module[responseCheckName(described)] as Check | undefined;
  if (!check || check(response.body)) return [];
  return (check.errors ?? []).map((error) => {
    const where = pointerLabel(error.instancePath) || 'body';
    const detail = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
    return `${where}: ${error.message ?? 'is not valid'}${detail}`;
  });
}

/** A token as the panel shows it: its last four characters only. */
export function maskedToken(token: string): string {
  return `••••••••${token.slice(-4)}`;
}

/** The Basic credentials of the token request (RFC 6749 §2.3.1: each part URL-encoded first). */
export function basicCredentials(clientId: string, clientSecret: string): string {
  const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
  // Both parts are ASCII once URL-encoded.
  return `Basic ${btoa(pair)}`;
}
