// What the provider tests share: a cookie-keeping HTTP "browser", PKCE, the code flow, JWT parsing and the
// test controls. Each *.test.mjs beside this file covers one flow. Run: node --test 'dev/idp/__tests__/*.test.mjs'
import { strict as assert } from 'node:assert';
import * as crypto from 'node:crypto';

import * as http from 'node:http';
import { after, before } from 'node:test';

import { startIdentityProvider } from '../provider.mjs';

export const SITE = 'http://localhost:3000';
export const OTHER_ORIGIN = 'http://localhost:9999';
export const REDIRECT_URI = `${SITE}/login/callback`;
export const POST_LOGOUT_URI = `${SITE}/`;
export const CLIENT_ID = 'developer-docs';
export const REALM = 'developers';

// ---------------------------------------------------------------------------
// Helpers: a tiny cookie-keeping "browser", PKCE, the code flow, JWT parsing.

export class Browser {
  cookies = new Map();

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  // Ignores cookie paths: the provider's cookie names are unique per purpose and the
  // latest value is always the one it expects.
  remember(response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...rest] = pair.split('=');
      const expired = attributes.some((attr) => /expires=Thu, 01 Jan 1970/i.test(attr));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), rest.join('='));
    }
  }

  async request(url, { method = 'GET', form, headers = {} } = {}) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { ...headers, ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects until one leaves the provider; returns that URL or the last response. */
  async follow(url, options) {
    let current = new URL(url);
    let response = await this.request(current, options);
    for (let hops = 0; hops < 10 && [302, 303].includes(response.status); hops += 1) {
      const next = new URL(response.headers.get('location'), current);
      if (next.origin !== current.origin) return { redirectedTo: next, response };
      current = next;
      response = await this.request(current);
    }
    return { redirectedTo: undefined, response, url: current };
  }
}

export function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(idp, overrides = {}) {
  const params = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile offline_access',
    state: crypto.randomBytes(8).toString('hex'),
    nonce: crypto.randomBytes(8).toString('hex'),
    code_challenge_method: 'S256',
    realm: REALM,
    ...overrides,
  };
  const url = new URL(`${idp.issuer}/connect/authorize`);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url;
}

export function formAction(html, base) {
  const match = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html);
  assert.ok(match, 'page has a POST form');
  return new URL(match[1].replaceAll('&amp;', '&'), base);
}

export function hiddenInputs(html) {
  const inputs = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    inputs[name] = value;
  }
  return inputs;
}

/** Starts an authorization request and returns the sign-in page. */
export async function openSignIn(browser, idp, overrides) {
  const pkce = pkcePair();
  const url = authorizeUrl(idp, { code_challenge: pkce.challenge, ...overrides });
  const { response, url: pageUrl } = await browser.follow(url);
  assert.equal(response.status, 200, 'sign-in page shown');
  return { html: await response.text(), pageUrl, pkce, state: url.searchParams.get('state') };
}

/** Signs in through the form and returns the authorization code at the callback. */
export async function signIn(browser, idp, { username = 'developer', password = 'developer-password', scope } = {}) {
  const page = await openSignIn(browser, idp, scope ? { scope } : {});
  const { redirectedTo } = await browser.follow(formAction(page.html, page.pageUrl), {
    method: 'POST',
    form: { username, password },
  });
  assert.ok(redirectedTo, 'redirected back to the site');
  assert.equal(`${redirectedTo.origin}${redirectedTo.pathname}`, REDIRECT_URI);
  assert.equal(redirectedTo.searchParams.get('state'), page.state);
  const code = redirectedTo.searchParams.get('code');
  assert.ok(code, `callback has a code: ${redirectedTo}`);
  return { code, verifier: page.pkce.verifier };
}

export async function postForm(url, form, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { response, body };
}

export function exchangeCode(idp, { code, verifier }) {
  return postForm(`${idp.issuer}/connect/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
  });
}

export async function tokensFor(browser, idp, signInOptions) {
  const { response, body } = await exchangeCode(idp, await signIn(browser, idp, signInOptions));
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}

export function decodeJwt(jwt) {
  const [header, payload, signature] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url')),
    payload: JSON.parse(Buffer.from(payload, 'base64url')),
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

export function verifiesWith(jwt, jwks) {
  const { header, signingInput, signature } = decodeJwt(jwt);
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (!jwk) return false;
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  return crypto.verify('sha256', Buffer.from(signingInput), key, signature);
}

export function userinfo(idp, accessToken) {
  return fetch(`${idp.issuer}/connect/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
}

export function introspect(idp, token) {
  return postForm(`${idp.issuer}/connect/introspect`, { token, client_id: CLIENT_ID });
}

export function control(idp, path, body, { token = idp.testControlsToken, contentType = 'application/json' } = {}) {
  const headers = token === undefined ? {} : { 'x-test-controls-token': token };
  return fetch(
    `${idp.issuer}/__test__/${path}`,
    body === undefined
      ? { headers }
      : {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
  );
}

/** A GET with a Host header of our choosing (fetch does not let one set it). */
export function getWithHost(idp, path, host) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: idp.port, path, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', reject);
  });
}

export function expectErrorRedirect(redirectedTo, error, state) {
  assert.ok(redirectedTo, 'error is sent back to the client');
  assert.equal(`${redirectedTo.origin}${redirectedTo.pathname}`, REDIRECT_URI);
  assert.equal(redirectedTo.searchParams.get('error'), error);
  assert.equal(redirectedTo.searchParams.get('state'), state);
  assert.equal(redirectedTo.searchParams.get('code'), null);
  return redirectedTo.searchParams.get('error_description');
}

/** The provider of this test file (each file runs in a process of its own), set by `useProviderWithTestControls`. */
export let idp;

/** Starts a provider with test controls on a free port before the file's tests, and stops it after them. */
export function useProviderWithTestControls() {
  before(async () => {
    idp = await startIdentityProvider({ port: 0, testControls: true });
  });
  after(() => idp?.close());
}

/** Where an MCP client on this machine waits for the code: a loopback port of its own, as Claude Code does. */
export const MCP_CLIENT_REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/** Registers a public client as an MCP client does (RFC 7591), with what the MCP SDK sends. */
export async function registerMcpClient(issuer, metadata = {}) {
  const response = await fetch(`${issuer}/connect/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'An MCP client',
      redirect_uris: [MCP_CLIENT_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  return { response, body: await response.json() };
}

/**
 * An MCP client's sign-in, through the provider's form: registration, the authorization request with PKCE
 * and `resource`, the sign-in as the demo user, the code exchange with `resource`. Resolves to the client id,
 * the token response and the authorization redirect's query. `beforeSignIn` is told the registered client's id
 * before the sign-in (to set a test control for that client).
 * @param {string} issuer
 * @param {{ resource: string, scope?: string, username?: string, password?: string, beforeSignIn?: (clientId: string) => Promise<void> }} options
 */
export async function signInAsMcpClient(
  issuer,
  { resource, scope = 'docs.read', username = 'developer', password = 'developer-password', beforeSignIn },
) {
  const registered = await registerMcpClient(issuer);
  assert.equal(registered.response.status, 201, JSON.stringify(registered.body));
  const clientId = registered.body.client_id;
  await beforeSignIn?.(clientId);
  const pkce = pkcePair();
  const url = new URL(`${issuer}/connect/authorize`);
  const state = crypto.randomBytes(8).toString('hex');
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: MCP_CLIENT_REDIRECT_URI,
    scope,
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    resource,
  })) {
    url.searchParams.set(key, value);
  }
  const browser = new Browser();
  const { response, url: pageUrl } = await browser.follow(url);
  assert.equal(response.status, 200, 'sign-in page shown');
  const { redirectedTo } = await browser.follow(formAction(await response.text(), pageUrl), {
    method: 'POST',
    form: { username, password },
  });
  assert.ok(redirectedTo, 'redirected back to the MCP client');
  assert.equal(redirectedTo.searchParams.get('state'), state);
  const code = redirectedTo.searchParams.get('code');
  assert.ok(code, `callback has a code: ${redirectedTo}`);
  const exchanged = await postForm(`${issuer}/connect/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: pkce.verifier,
    redirect_uri: MCP_CLIENT_REDIRECT_URI,
    client_id: clientId,
    resource,
  });
  assert.equal(exchanged.response.status, 200, JSON.stringify(exchanged.body));
  return { clientId, tokens: exchanged.body };
}
