/**
 * The sandbox as a Fetch-API app (Hono): the token endpoint at `/connect/token` and every operation of
 * the four descriptions under `/v1`, with the hosted sandbox's rules: tokens and scopes, rate limit and
 * burst, request validation, idempotency, bounded state per client. `sandbox/cli.mjs` serves it on
 * Node; tests call `sandbox.fetch(request)` or serve it on an ephemeral port.
 *
 * This file puts the parts together: tokens/ (clients, signing, the token endpoint), middleware.ts, rateLimit.ts,
 * requests/ (body, idempotency, dispatch) and the handlers of each resource (operations.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import { ApiError, errorBody, json } from './http';
import { corsPolicy, hostGuard, operationBodyLimits, requestIds } from './middleware';
import { createRateLimiter, type RateLimit } from './rateLimit';
import { createDispatcher } from './requests/dispatch';
import { idempotencyStore } from './requests/idempotency';
import { loadSandboxDescriptions, type SandboxDescriptions } from './spec';
import { ClientState, type Limits, type Timing } from './state';
import { demoClients, type SandboxClient } from './tokens/clients';
import { tokenEndpoint } from './tokens/endpoint';
import { createTokenSigner } from './tokens/signing';

export interface SandboxOptions {
  readonly clients?: readonly SandboxClient[];
  readonly timing?: Partial<Timing>;
  readonly limits?: Partial<Limits>;
  /** Requests per second and burst per client; `false` turns the limit off (the benchmark). */
  readonly rateLimit?: RateLimit | false;
  /** Token lifetime; default the security scheme's `x-token-lifetime-seconds` (3600). */
  readonly tokenLifetimeSeconds?: number;
  /** How long a create call works before it answers, so that a concurrent retry sees `409 CONFLICT`. */
  readonly processingMs?: number;
  /** The clock (ms since the epoch); tests move it to expire tokens. */
  readonly now?: () => number;
  /** The source of every ID the sandbox makes (orders, applications, documents, request IDs…); default `randomUUID`. */
  readonly ids?: () => string;
  /**
   * Host names the sandbox answers besides this machine's (`isLoopbackHost`) (`--host` of sandbox/cli.mjs).
   * Any other `Host` gets 421: a page that rebinds its own name to this machine cannot drive the sandbox.
   */
  readonly allowedHosts?: readonly string[];
}

const DEFAULT_TIMING: Timing = { reviewMs: 1000, acknowledgeMs: 300, fillMs: 1000 };
const DEFAULT_LIMITS: Limits = {
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

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const descriptions = loadSandboxDescriptions();
  const clients = options.clients ?? demoClients(descriptions);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const rateLimit = options.rateLimit === undefined ? descriptions.rateLimit : options.rateLimit;
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? descriptions.tokenLifetimeSeconds;
  const now = options.now ?? Date.now;
  const ids = options.ids ?? randomUUID;
  const idempotencyWindowMs = descriptions.idempotencyWindowHours * 3600 * 1000;
  const states = new Map(clients.map((client) => [client.clientId, new ClientState()]));
  const signer = createTokenSigner({ now, ids, lifetimeSeconds });
  const token = tokenEndpoint(clients, signer, lifetimeSeconds);
  const api = createDispatcher({
    descriptions,
    states,
    signer,
    rateLimit,
    takeToken: createRateLimiter(rateLimit, now),
    idempotency: idempotencyStore({ now, windowMs: idempotencyWindowMs, maxBytes: limits.idempotencyBytes }),
    idempotencyWindowMs,
    timing: { ...DEFAULT_TIMING, ...options.timing },
    limits,
    now,
    ids,
    processingMs: options.processingMs,
  });

  const app = new Hono<{ Variables: RequestIdVariables }>();
  app.use('*', requestIds(ids));
  app.use('*', hostGuard(options.allowedHosts));
  app.use('*', corsPolicy());
  app.use('/v1/*', operationBodyLimits(descriptions));
  app.all('*', async (c) => {
    const request = c.req.raw;
    const requestId = c.get('requestId');
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
