/**
 * Facts about the APIs that many docs pages state: environments, the token endpoint, token lifetime
 * and renewal, how a client authenticates, the rate limit and the idempotency window. Pages import
 * them (`import { RATE_LIMIT } from '@site/contracts/facts';` then `{RATE_LIMIT.requestsPerSecond}`) instead
 * of typing them. `tests/content/__tests__/facts.test.ts` checks every value against the API
 * descriptions in `openapi/` (servers, the security scheme and their `x-` extensions) and fails when a
 * page types one of these facts by hand.
 */

export interface Environment {
  readonly name: 'Sandbox' | 'Production';
  readonly baseUrl: string;
}

/** The servers every API description lists, in the same order. */
export const ENVIRONMENTS = [
  { name: 'Sandbox', baseUrl: 'https://sandbox.api.clearing.example/v1' },
  { name: 'Production', baseUrl: 'https://api.clearing.example/v1' },
] as const satisfies readonly Environment[];

export const SANDBOX_BASE_URL = ENVIRONMENTS[0].baseUrl;
export const PRODUCTION_BASE_URL = ENVIRONMENTS[1].baseUrl;

/** The token endpoint of the `clientCredentials` security scheme, the same for both environments. */
export const TOKEN_URL = 'https://id.clearing.example/connect/token';

/**
 * The variables the samples read the base URL and the token URL from, each with the hosted sandbox's URL
 * as its default: setting both once points every sample at another sandbox, such as the local one.
 */
export const URL_VARIABLES = { baseUrl: 'BASE_URL', tokenUrl: 'TOKEN_URL' } as const;

/**
 * The variable a sample reads its base URL from: `BASE_URL` for a server under `/v1`, `BASE_URL_V2` for one under
 * `/v2` (a page of the v2 docs calls v2's Trading API and v1's other APIs, so both can be set at once).
 */
export function baseUrlVariable(serverUrl: string): string {
  const major = /\/v(\d+)\/?$/.exec(serverUrl)?.[1];
  return major && major !== '1' ? `${URL_VARIABLES.baseUrl}_V${major}` : URL_VARIABLES.baseUrl;
}

/** The sandbox on this machine, `npm run sandbox` (sandbox/cli.mjs) at its default port. */
export const LOCAL_SANDBOX = {
  origin: 'http://localhost:4020',
  baseUrl: 'http://localhost:4020/v1',
  tokenUrl: 'http://localhost:4020/connect/token',
} as const;

/**
 * The local sandbox's demo client with every scope, which `npm run sandbox` prints when it starts. The sandbox
 * defines it (`demoClients` in sandbox/tokens/clients.ts); a test holds this copy to it. A value for a sandbox on the
 * reader's own machine, public in the docs: no secret of any hosted environment.
 */
export const LOCAL_SANDBOX_DEMO_CLIENT = { clientId: 'sandbox-demo', clientSecret: 'sandbox-demo-secret' } as const;

/** How a client authenticates at the token endpoint (`x-client-authentication` of the security scheme). */
export const CLIENT_AUTHENTICATION = {
  /** The OAuth 2.0 name of the method. */
  method: 'client_secret_basic',
  /** How the pages name it. */
  name: 'HTTP Basic authentication',
} as const;

/** Access token lifetime and when to renew (`x-token-lifetime-seconds`, `x-renew-before-expiry-seconds`). */
export const TOKEN = {
  lifetimeSeconds: 3600,
  lifetimeText: 'one hour',
  renewBeforeExpirySeconds: 300,
  renewBeforeExpiryText: 'five minutes',
} as const;

/** Requests per second per API client, and the burst allowed (`x-rate-limit` of every description's info). */
export const RATE_LIMIT = {
  requestsPerSecond: 50,
  burst: 100,
} as const;

/** How long an `Idempotency-Key` is remembered (`x-replay-window-hours` of the `Idempotency-Key` parameter). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** How long a list's `nextCursor` can be followed after its page (`x-cursor-lifetime-hours` of the `cursor` parameter). */
export const CURSOR_LIFETIME_HOURS = 24;

/**
 * The largest request bodies (`x-max-body-bytes` of the descriptions' info, by media type; a larger body gets
 * `413 PAYLOAD_TOO_LARGE`) and the largest file of an upload (`x-max-bytes` of its file part; a larger file in
 * a smaller body gets `400 INVALID_FIELD` with `too_large`).
 */
export const BODY_LIMITS = {
  jsonBytes: 1_048_576,
  jsonText: '1 MB',
  multipartBytes: 20_971_520,
  multipartText: '20 MB',
  uploadFileBytes: 10_485_760,
  uploadFileText: '10 MB',
} as const;

export { SAMPLE_RUNTIMES, SAMPLE_RUNTIMES_HREF, type SampleRuntime } from './sampleRuntimes.ts';
