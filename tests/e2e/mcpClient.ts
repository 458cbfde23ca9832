import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { IDP_ISSUER } from './environment.mjs';

/** Where an assistant on the reader's machine listens for the provider's answer (a loopback address, RFC 8252). */
const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

export interface AssistantTokens {
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly scope?: string;
}

/**
 * What an MCP client does to sign its reader in, with Chromium as the reader's browser: it registers itself at the
 * development provider (RFC 7591), sends the reader to the provider's form with PKCE and the resource (RFC 8707),
 * receives the code at its loopback address, and exchanges it for an access token issued for `resource`. `issuer`:
 * the provider, the browser tests' unless said; `beforeSignIn`: told the registered client's id before the sign-in.
 */
export async function signInAsAssistant(
  page: Page,
  resource: string,
  issuer: string = IDP_ISSUER,
  beforeSignIn?: (clientId: string) => Promise<void>,
): Promise<AssistantTokens> {
  const registration = await fetch(`${issuer}/connect/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Browser test assistant',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (registration.status !== 201) throw new Error(`registration answered ${registration.status}`);
  const { client_id: clientId } = (await registration.json()) as { client_id: string };
  await beforeSignIn?.(clientId);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const authorize = new URL(`${issuer}/connect/authorize`);
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'docs.read',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource,
  })) {
    authorize.searchParams.set(key, value);
  }
  // The assistant's loopback listener: the browser's arrival there is the answer.
  let answer: URL | undefined;
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    answer = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'Signed in: you can close this tab.' });
  });
  await page.goto(authorize.href);
  await fillSignInForm(page);
  await submitSignInForm(page);
  await page.waitForURL((url) => url.href.startsWith(REDIRECT_URI));
  if (!answer || answer.searchParams.get('state') !== state) throw new Error(`unexpected answer: ${answer}`);
  const code = answer.searchParams.get('code');
  if (!code) throw new Error(`no code: ${answer}`);
  const exchange = await fetch(`${issuer}/connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      resource,
    }),
  });
  if (!exchange.ok) throw new Error(`the token exchange answered ${exchange.status}: ${await exchange.text()}`);
  return (await exchange.json()) as AssistantTokens;
}
