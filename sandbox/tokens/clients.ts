/** The API clients the sandbox knows, and the client that HTTP Basic credentials name. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SandboxDescriptions } from '../spec';

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

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Finds the client whose ID and secret Basic credentials carry (RFC 6749 §2.3.1: each form-encoded), or null.
 * Every client is compared, ID and secret alike, in constant time: an unknown ID takes as long as a wrong
 * secret. Credentials that do not decode are simply wrong.
 */
export function basicAuthenticator(clients: readonly SandboxClient[]): (header: string | null) => SandboxClient | null {
  const clientDigests = clients.map((client) => ({
    client,
    id: digest(client.clientId),
    secret: digest(client.clientSecret),
  }));
  return (header) => {
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
  };
}
