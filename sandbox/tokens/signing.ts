/** Access tokens: signed (HMAC-SHA256 with a key made at start-up) claims of a client, its scopes and expiry. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
}

export interface TokenSigner {
  issue(clientId: string, scopes: readonly string[]): string;
  /** The claims of a `Bearer` header whose token this signer issued and that has not expired, or null. */
  read(header: string | null): TokenClaims | null;
}

/** How many verified tokens a signer remembers; beyond them it starts again from none. */
const VERIFIED_TOKENS = 1000;

export function createTokenSigner(options: {
  readonly now: () => number;
  readonly ids: () => string;
  readonly lifetimeSeconds: number;
}): TokenSigner {
  const signingKey = randomBytes(32);
  /**
   * The headers whose signature was checked, with their claims: a client sends the same token for an hour, and its
   * HMAC and parse cost a few percent of a request under load. Only the expiry is checked again.
   */
  const verified = new Map<string, TokenClaims>();
  const sign = (payload: string) => createHmac('sha256', signingKey).update(payload).digest('base64url');
  return {
    issue(clientId, scopes) {
      const payload = Buffer.from(
        JSON.stringify({ c: clientId, s: scopes, e: options.now() + options.lifetimeSeconds * 1000, n: options.ids() }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    read(header) {
      const known = header === null ? undefined : verified.get(header);
      if (known) return known.expiresAt <= options.now() ? null : known;
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
      if (claims.e <= options.now()) return null;
      const read = { clientId: claims.c, scopes: claims.s, expiresAt: claims.e };
      if (verified.size >= VERIFIED_TOKENS) verified.clear();
      verified.set(header as string, read);
      return read;
    },
  };
}
