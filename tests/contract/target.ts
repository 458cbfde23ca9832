/**
 * What the contract suite talks to: the local sandbox in this process (`createSandbox`, with short timings and
 * a clock the suite can move), or any sandbox at a base URL (`CONTRACT_BASE_URL`, with client credentials),
 * spoken to over HTTP. The suite is the same either way: it moves either sandbox's clock with the clock
 * operation (`advanceSandboxClock`), and gives a remote one more time.
 */
import { createSandbox } from '../../sandbox/app';

export interface Target {
  /** What the report names: `the local sandbox` or the base URL. */
  readonly name: string;
  /** The API's base URL, as the descriptions' `servers` give it (ends in `/v1`). */
  readonly baseUrl: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Sends a request to the target. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Sends a request to a client of the target whose rate limit is reached quickly (for `429`). */
  readonly rateLimitedFetch: (request: Request) => Promise<Response>;
  /** The burst of that rate limit: this many requests at once and one more gets `429`. */
  readonly rateLimitBurst: number;
  /** A sandbox at a base URL (`CONTRACT_BASE_URL`), spoken to over a network. */
  readonly remote: boolean;
  /** How often to poll a state, and for how long before giving up. */
  readonly pollMs: number;
  readonly deadlineMs: number;
}

/** A Wednesday, 10:00 in New York: the local sandbox's clock starts here and runs at real speed. */
const LOCAL_START = Date.parse('2026-03-04T15:00:00Z');
const LOCAL_ORIGIN = 'http://localhost:4020';

function localTarget(): Target {
  const started = Date.now();
  const now = () => LOCAL_START + (Date.now() - started);
  // Each step long enough to be seen by a poll every 20 ms, short enough that the suite takes seconds.
  const sandbox = createSandbox({ now, timing: { reviewMs: 150, acknowledgeMs: 150, fillMs: 400 }, rateLimit: false });
  const burst = 2;
  const limited = createSandbox({ now, rateLimit: { requestsPerSecond: 1, burst } });
  return {
    name: 'the local sandbox',
    baseUrl: `${LOCAL_ORIGIN}/v1`,
    tokenUrl: `${LOCAL_ORIGIN}/connect/token`,
    clientId: 'sandbox-demo',
    clientSecret: 'sandbox-demo-secret',
    fetch: (request) => sandbox.fetch(request),
    rateLimitedFetch: (request) => limited.fetch(request),
    rateLimitBurst: burst,
    remote: false,
    pollMs: 20,
    deadlineMs: 3000,
  };
}

/** The sandbox at `CONTRACT_BASE_URL`, or null when it is unset. */
function remoteTarget(env: NodeJS.ProcessEnv, burst: number): Target | null {
  const baseUrl = env.CONTRACT_BASE_URL?.replace(/\/$/, '');
  if (!baseUrl) return null;
  const missing = ['CONTRACT_CLIENT_ID', 'CONTRACT_CLIENT_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(`CONTRACT_BASE_URL is set, so set ${missing.join(' and ')} too (README, Local sandbox).`);
  }
  return {
    name: baseUrl,
    baseUrl,
    tokenUrl: env.CONTRACT_TOKEN_URL ?? new URL('/connect/token', baseUrl).href,
    clientId: String(env.CONTRACT_CLIENT_ID),
    clientSecret: String(env.CONTRACT_CLIENT_SECRET),
    fetch: (request) => fetch(request),
    rateLimitedFetch: (request) => fetch(request),
    rateLimitBurst: burst,
    remote: true,
    pollMs: Number(env.CONTRACT_POLL_MS ?? 250),
    deadlineMs: Number(env.CONTRACT_DEADLINE_MS ?? 20_000),
  };
}

/** The target of this run: the sandbox at `CONTRACT_BASE_URL` when it is set, the local one otherwise. */
export function targetFrom(env: NodeJS.ProcessEnv, descriptionBurst: number): Target {
  return remoteTarget(env, descriptionBurst) ?? localTarget();
}
