import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  clearSandboxTokens,
  onSandboxTokensCleared,
  readSandboxToken,
  saveSandboxToken,
  type SandboxToken,
} from '@site/src/auth/sandboxToken';
import { TOKEN } from '@site/contracts/facts';
import { basicCredentials, type Target } from './tryItRequest';

interface Credentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Client secrets, per target, for renewing tokens: in this page's memory only, never stored. */
const secrets = new Map<Target['id'], Credentials>();

/** Asks the target's token endpoint for a token (client credentials); throws with the endpoint's reason. */
export async function requestToken(
  fetch: typeof globalThis.fetch,
  target: Target,
  { clientId, clientSecret }: Credentials,
): Promise<SandboxToken> {
  const response = await fetch(target.tokenUrl, {
    method: 'POST',
    credentials: target.id === 'proxy' ? 'same-origin' : 'omit',
    headers: {
      Authorization: basicCredentials(clientId, clientSecret),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    const reason = [body.error_description, body.message, body.error].find((text) => typeof text === 'string');
    throw new Error(`The token endpoint answered ${response.status}${reason ? `: ${String(reason)}` : ''}.`);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  return {
    accessToken: body.access_token,
    expiresAt: Date.now() + lifetime * 1000,
    clientId,
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}

export interface TryItTokenOptions {
  readonly target: Target;
  /** False on the server and in the first browser frame: no storage is read then. */
  readonly isBrowser: boolean;
  /** The signed-in developer's own sandbox client id, shown until the reader types one. */
  readonly personalClientId?: string;
  readonly fetch?: typeof globalThis.fetch;
}

export interface TryItToken {
  /** The target's token in this tab, or null. */
  readonly token: SandboxToken | null;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly setClientId: (clientId: string) => void;
  readonly setClientSecret: (clientSecret: string) => void;
  /** What the last attempt said (the "Getting a token…" status, the endpoint's refusal, …). */
  readonly message: string;
  /** Gets a token with the credentials typed; the secret is then kept in memory only, to renew it. */
  readonly getToken: () => Promise<void>;
  /** Removes every sandbox token of this tab (and tells the other panels). */
  readonly forgetToken: () => void;
  /** The token to send with: the stored one, renewed first when it is about to expire and can be; else null. */
  readonly currentToken: () => Promise<SandboxToken | null>;
}

/**
 * The sandbox token of the target: read from this tab's storage, got with the client ID and secret the reader
 * types, renewed before it expires while the secret is in this page's memory, and gone when the reader signs out
 * anywhere (`src/auth/sandboxToken.ts`).
 */
export default function useTryItToken({
  target,
  isBrowser,
  personalClientId,
  fetch = globalThis.fetch,
}: TryItTokenOptions): TryItToken {
  const [typedClientId, setClientId] = useState<string | null>(null);
  const clientId = typedClientId ?? personalClientId ?? '';
  const [clientSecret, setClientSecret] = useState('');
  const [message, setMessage] = useState('');
  const [tokenVersion, setTokenVersion] = useState(0);

  // The token of the chosen target, read from this tab's storage; gone when the reader signs out anywhere.
  const token = useMemo(
    () => (isBrowser && tokenVersion >= 0 ? readSandboxToken(target.id) : null),
    [isBrowser, target.id, tokenVersion],
  );
  useEffect(
    () =>
      onSandboxTokensCleared(() => {
        secrets.clear();
        setTokenVersion((version) => version + 1);
      }),
    [],
  );

  const obtainToken = useCallback(
    async (credentials: Credentials): Promise<SandboxToken> => {
      const fresh = await requestToken(fetch, target, credentials);
      secrets.set(target.id, credentials);
      saveSandboxToken(target.id, fresh);
      setTokenVersion((version) => version + 1);
      return fresh;
    },
    [fetch, target],
  );

  // Renewed before it expires, while the secret is known (this page).
  useEffect(() => {
    const credentials = secrets.get(target.id);
    if (!token || !credentials) return undefined;
    const wait = Math.max(0, token.expiresAt - TOKEN.renewBeforeExpirySeconds * 1000 - Date.now());
    const timer = setTimeout(() => {
      obtainToken(credentials).catch((error: Error) => setMessage(error.message));
    }, wait);
    return () => clearTimeout(timer);
  }, [token, target.id, obtainToken]);

  return {
    token,
    clientId,
    clientSecret,
    setClientId,
    setClientSecret,
    message,
    async getToken() {
      if (!clientId.trim() || !clientSecret) {
        setMessage('Enter the client ID and the client secret of your sandbox client.');
        return;
      }
      setMessage('Getting a token…');
      try {
        const fresh = await obtainToken({ clientId: clientId.trim(), clientSecret });
        setClientSecret('');
        setMessage(`Token received from the ${target.label}, for ${fresh.clientId}.`);
      } catch (error) {
        setMessage((error as Error).message);
      }
    },
    forgetToken() {
      clearSandboxTokens();
      setMessage('Token removed.');
    },
    async currentToken() {
      const stored = readSandboxToken(target.id);
      const credentials = secrets.get(target.id);
      const renewBy = Date.now() + TOKEN.renewBeforeExpirySeconds * 1000;
      if (stored && (stored.expiresAt > renewBy || !credentials)) return stored;
      return credentials ? obtainToken(credentials) : null;
    },
  };
}
