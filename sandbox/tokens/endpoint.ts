/** `POST /connect/token`: the client-credentials grant with HTTP Basic authentication (RFC 6749 §4.4). */
import { json } from '../http';
import { basicAuthenticator, type SandboxClient } from './clients';
import type { TokenSigner } from './signing';

export function tokenEndpoint(
  clients: readonly SandboxClient[],
  signer: TokenSigner,
  lifetimeSeconds: number,
): (request: Request) => Promise<Response> {
  const clientOfBasic = basicAuthenticator(clients);
  return async (request) => {
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
        access_token: signer.issue(client.clientId, scopes),
        token_type: 'Bearer',
        expires_in: lifetimeSeconds,
        scope: scopes.join(' '),
      },
      noStore,
    );
  };
}
