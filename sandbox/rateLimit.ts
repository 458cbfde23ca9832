/** The rate limit: a token bucket per client (Hono has no rate limiter of its own). */

export interface RateLimit {
  readonly requestsPerSecond: number;
  readonly burst: number;
}

export interface Take {
  readonly ok: boolean;
  readonly remaining: number;
  readonly retryAfter: number;
}

/** A token bucket per client: `burst` requests at once, refilled at `requestsPerSecond`; `false` lets all through. */
export function createRateLimiter(rateLimit: RateLimit | false, now: () => number): (clientId: string) => Take {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (clientId) => {
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
  };
}
