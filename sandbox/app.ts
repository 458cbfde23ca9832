/**
 * The sandbox as a Fetch-API app (Hono): the token endpoint at `/connect/token` and every operation of
 * the four descriptions under `/v1`, with the hosted sandbox's rules: tokens and scopes, rate limit and
 * burst, request validation, idempotency, bounded state per client. `sandbox/cli.mjs` serves it on
 * Node; tests call `sandbox.fetch(request)` or serve it on an ephemeral port.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { isLoopbackHost, isLoopbackOrigin } from '../contracts/net/loopback';
import { ApiError, errorBody, invalidField, type Answer } from './http';
import { malformedPathIdentifier } from './identifiers';
import { advance, HANDLERS, type Context } from './operations';
import {
  loadSandboxDescriptions,
  matchOperation,
  validatePath,
  validateRequest,
  type Problem,
  type SandboxDescriptions,
  type SandboxOperation,
} from './spec';
import { ClientState, type IdempotencyEntry, type Limits, type Timing } from './state';

export interface SandboxClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: readonly string[];
}

/** Every scope except the writes: the read-only demo client. */
const READ_SCOPES = ['accounts.read', 'orders.read', 'documents.read'];

/** The two demo clients the README and the start-up banner list. */
export function demoClients(descriptions: SandboxDescriptions): SandboxClient[] {
  return [
    { clientId: 'sandbox-demo', clientSecret: 'sandbox-demo-secret', scopes: descriptions.scopes },
    { clientId: 'sandbox-readonly', clientSecret: 'sandbox-readonly-secret', scopes: READ_SCOPES },
  ];
}

export interface SandboxOptions {
  readonly clients?: readonly SandboxClient[];
  readonly timing?: Partial<Timing>;
  readonly limits?: Partial<Limits>;
  /** Requests per second and burst per client; `false` turns the limit off (the benchmark). */
  readonly rateLimit?: { readonly requestsPerSecond: number; readonly burst: number } | false;
  /** Token lifetime; default the security scheme's `x-token-lifetime-seconds` (3600). */
  readonly tokenLifetimeSeconds?: number;
  /** How long a create call works before it answers, so that a concurrent retry sees `409 CONFLICT`. */
  readonly processingMs?: number;
  /** The clock (ms since the epoch); tests move it to expire tokens. */
  readonly now?: () => number;
  /**
   * Host names the sandbox answers besides this machine's (`isLoopbackHost`) (`--host` of sandbox/cli.mjs).
   * Any other `Host` gets 421: a page that rebinds its own name to this machine cannot drive the sandbox.
   */
  readonly allowedHosts?: readonly string[];
}

export const DEFAULT_TIMING: Timing = { reviewMs: 1000, acknowledgeMs: 300, fillMs: 1000 };
export const DEFAULT_LIMITS: Limits = {
  orders: 10_000,
  accounts: 1_000,
  documents: 1_000,
  idempotencyBytes: 64 * 1024 * 1024,
  reservations: 1_000,
};

export interface Sandbox {
  readonly fetch: (request: Request) => Promise<Response>;
  readonly descriptions: SandboxDescriptions;
  readonly clients: readonly SandboxClient[];
  /** The state of one client (tests and the benchmark read its size). */
  stateOf(clientId: string): ClientState;
}

interface TokenClaims {
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const descriptions = loadSandboxDescriptions();
  const clients = options.clients ?? demoClients(descriptions);
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const rateLimit = options.rateLimit === undefined ? descriptions.rateLimit : options.rateLimit;
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? descriptions.tokenLifetimeSeconds;
  const now = options.now ?? Date.now;
  const idempotencyWindowMs = descriptions.idempotencyWindowHours * 3600 * 1000;
  const signingKey = randomBytes(32);
  const states = new Map(clients.map((client) => [client.clientId, new ClientState()]));
  const buckets = new Map<string, { tokens: number; at: number }>();

  const sign = (payload: string) => createHmac('sha256', signingKey).update(payload).digest('base64url');

  function issueToken(client: SandboxClient, scopes: readonly string[]): string {
    const payload = Buffer.from(
      JSON.stringify({ c: client.clientId, s: scopes, e: now() + lifetimeSeconds * 1000, n: randomUUID() }),
    ).toString('base64url');
    return `${payload}.${sign(payload)}`;
  }

  function readToken(header: string | null): TokenClaims | null {
    const match = /^Bearer\s+([\w-]+)\.([\w-]+)$/.exec(header ?? '');
    if (!match) return null;
    const expected = Buffer.from(sign(match[1]));
    const given = Buffer.from(match[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const claims = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as {
      c: string;
      s: string[];
      e: number;
    };
    if (claims.e <= now()) return null;
    return { clientId: claims.c, scopes: claims.s, expiresAt: claims.e };
  }

  /** A token bucket per client: `burst` requests at once, refilled at `requestsPerSecond`. */
  function takeToken(clientId: string): { ok: boolean; remaining: number; retryAfter: number } {
    if (!rateLimit) return { ok: true, remaining: Number.MAX_SAFE_INTEGER, retryAfter: 0 };
    const at = now();
    const bucket = buckets.get(clientId) ?? { tokens: rateLimit.burst, at };
    bucket.tokens = Math.min(rateLimit.burst, bucket.tokens + ((at - bucket.at) / 1000) * rateLimit.requestsPerSecond);
    bucket.at = at;
    buckets.set(clientId, bucket);
    if (bucket.tokens < 1) {
      return {
        ok: false,
        remaining: 0,
        retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / rateLimit.requestsPerSecond)),
      };
    }
    bucket.tokens -= 1;
    return { ok: true, remaining: Math.floor(bucket.tokens), retryAfter: 0 };
  }

  const digest = (text: string) => createHash('sha256').update(text).digest();
  const clientDigests = clients.map((client) => ({
    client,
    id: digest(client.clientId),
    secret: digest(client.clientSecret),
  }));

  /**
   * The client whose ID and secret the Basic credentials carry (RFC 6749 §2.3.1: each form-encoded), or null.
   * Every client is compared, ID and secret alike, in constant time: an unknown ID takes as long as a wrong
   * secret. Credentials that do not decode are simply wrong.
   */
  function clientOfBasic(header: string | null): SandboxClient | null {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? '');
    if (!match) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    let id: string;
    let secret: string;
    try {
      [id, secret] = [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
    } catch {
      return null;
    }
    const [givenId, givenSecret] = [digest(id), digest(secret)];
    let found: SandboxClient | null = null;
    for (const candidate of clientDigests) {
      const idMatches = timingSafeEqual(candidate.id, givenId);
      const secretMatches = timingSafeEqual(candidate.secret, givenSecret);
      if (idMatches && secretMatches) found = candidate.client;
    }
    return found;
  }

  /** `POST /connect/token`: the client-credentials grant with HTTP Basic authentication (RFC 6749 §4.4). */
  async function token(request: Request): Promise<Response> {
    const noStore = { 'Cache-Control': 'no-store' };
    if (request.method !== 'POST') {
      return json(405, { error: 'invalid_request', error_description: 'Use POST.' }, { Allow: 'POST', ...noStore });
    }
    const client = clientOfBasic(request.headers.get('Authorization'));
    if (!client) {
      return json(
        401,
        { error: 'invalid_client', error_description: 'Send the client ID and secret with HTTP Basic authentication.' },
        { 'WWW-Authenticate': 'Basic realm="sandbox"', ...noStore },
      );
    }
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'client_credentials') {
      return json(
        400,
        { error: 'unsupported_grant_type', error_description: 'Use grant_type=client_credentials.' },
        noStore,
      );
    }
    const asked = (form.get('scope') ?? '').split(/\s+/).filter(Boolean);
    const refused = asked.filter((scope) => !client.scopes.includes(scope));
    if (refused.length > 0) {
      return json(
        400,
        { error: 'invalid_scope', error_description: `${client.clientId} may not ask for ${refused.join(' ')}.` },
        noStore,
      );
    }
    const scopes = asked.length > 0 ? asked : client.scopes;
    return json(
      200,
      {
        access_token: issueToken(client, scopes),
        token_type: 'Bearer',
        expires_in: lifetimeSeconds,
        scope: scopes.join(' '),
      },
      noStore,
    );
  }

  /**
   * The body of a request to `operation`, already held to its `maxBodyBytes` by the body limit below; an
   * operation that takes no body reads none. A `multipart/form-data` operation gets its form, and a body that
   * is not one, or a form without one of its file parts, is `400 INVALID_REQUEST` (the upload's description).
   */
  async function readBody(
    request: Request,
    operation: SandboxOperation,
  ): Promise<{ text: string; form?: FormData; files?: Record<string, number>; filesDigest?: string }> {
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

  /** File parts over their `x-max-bytes`, as field problems (`too_large`). */
  function oversizedFiles(operation: SandboxOperation, files: Record<string, number> = {}): Problem[] {
    return operation.fileParts
      .filter(({ name, maxBytes }) => maxBytes !== null && (files[name] ?? 0) > maxBytes)
      .map(({ name, maxBytes }) => ({
        field: name,
        keyword: 'x-max-bytes',
        message: `${name} must be at most ${megabytes(maxBytes ?? 0)}.`,
      }));
  }

  function scopeCheck(operation: SandboxOperation, claims: TokenClaims): ApiError | null {
    if (operation.scopeSets.length === 0) return null;
    if (operation.scopeSets.some((set) => set.every((scope) => claims.scopes.includes(scope)))) return null;
    const needed = operation.scopeSets.map((set) => set.join(' and ')).join(' or ');
    return new ApiError(403, 'SCOPE_MISSING', `This operation needs the ${needed} scope.`);
  }

  async function api(request: Request, path: string): Promise<Answer> {
    const match = matchOperation(descriptions, request.method, path);
    if (match.kind === 'unknownPath') {
      throw new ApiError(
        404,
        'NOT_FOUND',
        `No operation at ${request.method} /v1${path}. The operations are listed in the API reference.`,
      );
    }
    if (match.kind === 'wrongMethod') {
      throw new ApiError(
        405,
        'INVALID_REQUEST',
        `${request.method} is not allowed on /v1${path}; use ${match.allowed.join(', ')}.`,
        undefined,
        {
          Allow: match.allowed.join(', '),
        },
      );
    }
    const { operation, params } = match;
    const claims = readToken(request.headers.get('Authorization'));
    if (!claims || !states.has(claims.clientId)) {
      throw new ApiError(
        401,
        'UNAUTHENTICATED',
        'The access token is missing, malformed or expired. Request a new one from /connect/token.',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="sandbox"',
        },
      );
    }
    const limit = takeToken(claims.clientId);
    const limitHeaders: Record<string, string> = rateLimit
      ? {
          'RateLimit-Limit': String(rateLimit.requestsPerSecond),
          'RateLimit-Remaining': String(limit.remaining),
          'RateLimit-Reset': '1',
        }
      : {};
    if (!limit.ok) {
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `More than ${rateLimit && rateLimit.requestsPerSecond} requests a second; retry after the Retry-After seconds.`,
        undefined,
        {
          'Retry-After': String(limit.retryAfter),
        },
      );
    }
    const answer = await operate(request, operation, params, claims, path);
    return { ...answer, headers: { ...limitHeaders, ...answer.headers } };
  }

  async function operate(
    request: Request,
    operation: SandboxOperation,
    params: Record<string, string>,
    claims: TokenClaims,
    path: string,
  ): Promise<Answer> {
    // Answered before the key is read, and so never stored for it: the scope, a path identifier that breaks its
    // format (404 NOT_FOUND on every operation, whatever the rest of the request: identifiers.ts), a body that
    // cannot be read and a missing or malformed key (400 INVALID_REQUEST). The token, the rate limit and the
    // body's size were checked before this.
    const scopeError = scopeCheck(operation, claims);
    if (scopeError) throw scopeError;
    const malformed = malformedPathIdentifier(operation.pathParameterNames, params, validatePath(operation, params));
    if (malformed) throw malformed;
    const read = await readBody(request, operation);
    let body: unknown;
    if (read.form) {
      const fields: Record<string, string> = {};
      read.form.forEach((value, name) => {
        fields[name] = typeof value === 'string' ? value : '(file)';
      });
      body = fields;
    } else if (read.text.trim() !== '') {
      try {
        body = JSON.parse(read.text);
      } catch {
        throw new ApiError(400, 'INVALID_REQUEST', 'The request body is not valid JSON.');
      }
    }
    const url = new URL(request.url);
    const problems = validateRequest(operation, { params, query: url.searchParams, headers: request.headers, body });
    if (problems.header.length > 0) {
      throw new ApiError(
        400,
        'INVALID_REQUEST',
        operation.idempotencyKey === 'required'
          ? 'The Idempotency-Key header is required and must be a UUID.'
          : 'The Idempotency-Key header must be a UUID.',
      );
    }

    const state = states.get(claims.clientId) as ClientState;
    const key = request.headers.get('Idempotency-Key');
    const idempotent = key !== null && operation.idempotencyKey !== 'none';
    // A hash of what was asked: enough to tell a retry from another request, without keeping the body.
    const fingerprint = createHash('sha256')
      .update(`${operation.operationId}|${path}|${read.text}|${JSON.stringify(body ?? null)}|${read.filesDigest ?? ''}`)
      .digest('base64url');
    if (idempotent) {
      const previous = state.idempotency.get(key);
      if (previous && (previous.state === 'running' || now() - previous.at < idempotencyWindowMs)) {
        if (previous.fingerprint !== fingerprint) {
          throw new ApiError(
            409,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with a different request body.',
          );
        }
        if (previous.state === 'running') {
          throw new ApiError(
            409,
            'CONFLICT',
            'A request with this Idempotency-Key is still being processed; retry with the same key shortly.',
          );
        }
        if (previous.error) {
          const { code, message, details } = JSON.parse(previous.body) as Pick<
            ApiError,
            'code' | 'message' | 'details'
          >;
          throw new ApiError(previous.status, code, message, details, previous.headers);
        }
        return { status: previous.status, body: JSON.parse(previous.body), headers: previous.headers };
      }
      remember(state, key, { state: 'running', fingerprint });
    }
    // From here on the request is taken: its answer is stored for the key, a 2xx or a 4xx alike, and replayed for
    // the window; a 5xx (anything thrown that is not an ApiError) is not, so a retry with the key runs it again.
    try {
      if (idempotent && options.processingMs) await new Promise((resolve) => setTimeout(resolve, options.processingMs));
      const fieldProblems = [...problems.query, ...problems.body, ...oversizedFiles(operation, read.files)];
      if (fieldProblems.length > 0) throw invalidField(operation.api, fieldProblems);
      const context: Context = {
        api: operation.api,
        descriptions,
        state,
        timing,
        limits,
        now: now(),
        params,
        query: problems.query_values,
        body: body,
        base: `${url.origin}/v1`,
      };
      advance(context);
      const handler = HANDLERS[operation.operationId];
      const answer = handler(context);
      if (idempotent) {
        remember(state, key, {
          state: 'done',
          fingerprint,
          status: answer.status,
          body: JSON.stringify(answer.body),
          headers: { ...answer.headers },
          at: now(),
        });
      }
      return answer;
    } catch (error) {
      if (idempotent && error instanceof ApiError && error.status < 500 && error.status !== 429) {
        remember(state, key, {
          state: 'done',
          fingerprint,
          status: error.status,
          body: JSON.stringify({ code: error.code, message: error.message, details: error.details }),
          headers: { ...error.headers },
          at: now(),
          error: true,
        });
      } else if (idempotent) {
        forget(state, key);
      }
      throw error;
    }
  }

  /** What an entry takes, roughly, in bytes (UTF-16 code units of its strings). */
  function sizeOf(key: string, entry: IdempotencyEntry): number {
    const answer = entry.state === 'done' ? entry.body.length + JSON.stringify(entry.headers).length : 0;
    return key.length + entry.fingerprint.length + answer;
  }

  function forget(state: ClientState, key: string): void {
    const entry = state.idempotency.get(key);
    if (!entry) return;
    state.idempotencyBytes -= sizeOf(key, entry);
    state.idempotency.delete(key);
  }

  /**
   * Remembers an entry. Keys whose window is over are forgotten first, by the clock; beyond the client's byte
   * limit within the window, the oldest answered ones go next (a request still running stays).
   */
  function remember(state: ClientState, key: string, entry: IdempotencyEntry): void {
    forget(state, key);
    for (const [other, held] of state.idempotency) {
      if (held.state === 'running') continue;
      if (now() - held.at < idempotencyWindowMs) break;
      forget(state, other);
    }
    state.idempotency.set(key, entry);
    state.idempotencyBytes += sizeOf(key, entry);
    for (const [other, held] of state.idempotency) {
      if (state.idempotencyBytes <= limits.idempotencyBytes) break;
      if (held.state === 'done') forget(state, other);
    }
  }

  const app = new Hono();
  const hosts = new Set(options.allowedHosts);
  // The sandbox is asked by its own name: a page whose name was rebound to 127.0.0.1 (DNS rebinding) is
  // same-origin with it, but still sends its own name as the Host, and gets 421 Misdirected Request.
  app.use('*', async (c, next) => {
    const host = new URL(c.req.url).hostname;
    if (isLoopbackHost(host) || hosts.has(host)) return next();
    const misdirected = new ApiError(
      421,
      'INVALID_REQUEST',
      `This sandbox answers requests addressed to this machine (localhost, 127.0.0.1, [::1])${hosts.size > 0 ? ` or to ${[...hosts].join(', ')}` : ''} only.`,
    );
    const requestId = randomUUID();
    return json(421, errorBody(misdirected, requestId), { 'X-Request-Id': requestId });
  });
  // The docs' Try it panel calls the sandbox from the site's own origin; only a site on this machine may.
  app.use(
    '*',
    cors({
      origin: (origin) => (isLoopbackOrigin(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
      exposeHeaders: ['*'],
      maxAge: 600,
    }),
  );
  // The largest body each operation reads (`x-max-body-bytes` of its description): Hono's body limit answers a
  // larger one 413 PAYLOAD_TOO_LARGE before anything else is checked, without reading the rest of it.
  const bodyLimits = new Map<number, MiddlewareHandler>();
  const limitOf = (maxSize: number): MiddlewareHandler => {
    const cached = bodyLimits.get(maxSize);
    if (cached) return cached;
    const limit = bodyLimit({
      maxSize,
      onError: () => {
        const requestId = randomUUID();
        const error = new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${maxSize} bytes (${megabytes(maxSize)}), the most this operation reads; nothing was read.`,
        );
        return json(413, errorBody(error, requestId), { 'X-Request-Id': requestId });
      },
    });
    bodyLimits.set(maxSize, limit);
    return limit;
  };
  app.use('/v1/*', async (c, next) => {
    const match = matchOperation(descriptions, c.req.method, new URL(c.req.url).pathname.slice(3));
    if (match.kind !== 'operation' || match.operation.maxBodyBytes === null) return next();
    return limitOf(match.operation.maxBodyBytes)(c, next);
  });
  app.all('*', async (c) => {
    const request = c.req.raw;
    const requestId = randomUUID();
    const path = new URL(request.url).pathname;
    let response: Response;
    try {
      if (path === '/health' && request.method === 'GET') {
        // What the docs' Try it panel asks to learn whether a local sandbox answers.
        response = json(200, { status: 'ok' });
      } else if (path === '/connect/token') {
        response = await token(request);
      } else if (path === '/v1' || path.startsWith('/v1/')) {
        const answer = await api(request, path.slice(3));
        response = answer.raw
          ? new Response(answer.raw.text, {
              status: answer.status,
              headers: { 'Content-Type': answer.raw.contentType, ...answer.headers },
            })
          : json(answer.status, answer.body, { ...answer.headers });
      } else {
        throw new ApiError(
          404,
          'NOT_FOUND',
          `Nothing at ${path}. The API is under /v1 and the token endpoint at /connect/token.`,
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        console.error(error);
        response = json(
          500,
          errorBody(new ApiError(500, 'INTERNAL_ERROR', 'The sandbox failed; the log has the details.'), requestId),
        );
      } else {
        response = json(error.status, errorBody(error, requestId), { ...error.headers });
      }
    }
    response.headers.set('X-Request-Id', requestId);
    return response;
  });

  return {
    fetch: (request) => Promise.resolve(app.fetch(request)),
    descriptions,
    clients,
    stateOf: (clientId) => {
      const state = states.get(clientId);
      if (!state) throw new Error(`no client ${clientId}`);
      return state;
    },
  };
}

/** `1048576` → `1 MB`. */
function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
