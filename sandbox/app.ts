/**
 * The sandbox as a Fetch-API app (Hono): the token endpoint at `/connect/token`, every operation of
 * the four descriptions under `/v1` and of each later version's (`apisIn`: Trading API v2) under its prefix, with the hosted sandbox's rules: tokens and scopes, rate limit and
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
import { API_VERSIONS, type ApiVersion } from '../openapi/descriptions';
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
  /** v1's descriptions. */
  readonly descriptions: SandboxDescriptions;
  /** Each version's descriptions, as served under its prefix. */
  readonly versions: Readonly<Record<ApiVersion, SandboxDescriptions>>;
  readonly clients: readonly SandboxClient[];
  /** The state of one client (tests and the benchmark read its size). */
  stateOf(clientId: string): ClientState;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const versions = Object.fromEntries(
    API_VERSIONS.map((version) => [version, loadSandboxDescriptions(version)]),
  ) as Record<ApiVersion, SandboxDescriptions>;
  const descriptions = versions.v1;
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
  // One of each for every version: a client's state, rate limit and idempotency keys are the same under /v1 and /v2.
  const shared = {
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
  };
  const dispatchers = new Map(
    API_VERSIONS.map((version) => [
      `/${version}`,
      createDispatcher({ ...shared, descriptions: versions[version], v1Descriptions: descriptions }),
    ]),
  );
  const prefixes = [...dispatchers.keys()];

  const app = new Hono<{ Variables: RequestIdVariables }>();
  app.use('*', requestIds(ids));
  app.use('*', hostGuard(options.allowedHosts));
  app.use('*', corsPolicy());
  for (const version of API_VERSIONS) app.use(`/${version}/*`, operationBodyLimits(versions[version]));
  app.all('*', async (c) => {
    const request = c.req.raw;
    const requestId = c.get('requestId');
    const path = new URL(request.url).pathname;
    const prefix = prefixes.find((version) => path === version || path.startsWith(`${version}/`));
    let response: Response;
    try {
      if (path === '/health' && request.method === 'GET') {
        // What the docs' Try it panel asks to learn whether a local sandbox answers.
        response = json(200, { status: 'ok' });
      } else if (path === '/connect/token') {
        response = await token(request);
      } else if (prefix !== undefined) {
        const api = dispatchers.get(prefix) as ReturnType<typeof createDispatcher>;
        const answer = await api(request, path.slice(prefix.length));
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
          `Nothing at ${path}. The APIs are under ${prefixes.slice(0, -1).join(', ')} and ${prefixes.at(-1)}, the token endpoint at /connect/token.`,
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
    versions,
    clients,
    stateOf: (clientId) => {
      const state = states.get(clientId);
      if (!state) throw new Error(`no client ${clientId}`);
      return state;
    },
  };
}
