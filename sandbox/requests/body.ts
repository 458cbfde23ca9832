/** Reading a request's body as its operation takes it: JSON text, or a multipart form with its file parts. */
import { createHash } from 'node:crypto';
import { ApiError, megabytes } from '../http';
import type { Problem, SandboxOperation } from '../spec';

export interface RequestBody {
  readonly text: string;
  readonly form?: FormData;
  /** The size of each file part, by name. */
  readonly files?: Record<string, number>;
  /** A hash of what the file parts hold, for the idempotency fingerprint. */
  readonly filesDigest?: string;
}

/**
 * The body of a request to `operation`, already held to its `maxBodyBytes` by the body limit; an operation that
 * takes no body reads none. A `multipart/form-data` operation gets its form, and a body that is not one, or a form
 * without one of its file parts, is `400 INVALID_REQUEST` (the upload's description).
 */
export async function readBody(request: Request, operation: SandboxOperation): Promise<RequestBody> {
  if (operation.maxBodyBytes === null) return { text: '' };
  const bytes = new Uint8Array(await request.arrayBuffer());
  const type = request.headers.get('Content-Type') ?? '';
  if (operation.fileParts.length === 0) return { text: new TextDecoder().decode(bytes) };
  let form: FormData;
  try {
    if (!type.startsWith('multipart/form-data')) throw new Error('not multipart');
    form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw new ApiError(
      400,
      'INVALID_REQUEST',
      'The request body is not valid multipart/form-data; let your HTTP client write its Content-Type with the boundary.',
    );
  }
  const files: Record<string, number> = {};
  // What the files hold, for the idempotency fingerprint: another file under the same key is another request.
  const digest = createHash('sha256');
  for (const { name } of operation.fileParts) {
    const part = form.get(name);
    if (typeof part === 'string' || part === null) {
      throw new ApiError(400, 'INVALID_REQUEST', `The multipart body has no ${name} part.`);
    }
    files[name] = part.size;
    digest.update(`${name}|${part.name}|${part.type}|`).update(new Uint8Array(await part.arrayBuffer()));
  }
  return { text: '', form, files, filesDigest: digest.digest('base64url') };
}

/** The body as the schema validates it: the parsed JSON, or the form's fields (`(file)` for a file part). */
export function parsedBody(read: RequestBody): unknown {
  if (read.form) {
    const fields: Record<string, string> = {};
    read.form.forEach((value, name) => {
      fields[name] = typeof value === 'string' ? value : '(file)';
    });
    return fields;
  }
  if (read.text.trim() === '') return undefined;
  try {
    return JSON.parse(read.text);
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'The request body is not valid JSON.');
  }
}

/** File parts over their `x-max-bytes`, as field problems (`too_large`). */
export function oversizedFiles(operation: SandboxOperation, files: Record<string, number> = {}): Problem[] {
  return operation.fileParts
    .filter(({ name, maxBytes }) => maxBytes !== null && (files[name] ?? 0) > maxBytes)
    .map(({ name, maxBytes }) => ({
      field: name,
      keyword: 'x-max-bytes',
      message: `${name} must be at most ${megabytes(maxBytes ?? 0)}.`,
    }));
}
