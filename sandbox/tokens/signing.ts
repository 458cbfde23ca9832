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

export function createTokenSigner(options: {
  readonly now: () => number;
  readonly ids: () => string;
  readonly lifetimeSeconds: number;
}): TokenSigner {
  const signingKey = randomBytes(32);
  const sign = (payload: string) => createHmac('sha256', signingKey).update(payload).digest('base64url');
  return {
    issue(clientId, scopes) {
      const payload = Buffer.from(
        JSON.stringify({ c: clientId, s: scopes, e: options.now() + options.lifetimeSeconds * 1000, n: options.ids() }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    read(header) {
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
      return { clientId: claims.c, scopes: claims.s, expiresAt: claims.e };
    },
  };
}
