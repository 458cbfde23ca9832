// Drives the development identity provider over real HTTP: authorization code + PKCE
// with manual cookie handling, as a browser would. Run: node --test 'dev/idp/__tests__/*.test.mjs'
import { strict as assert } from 'node:assert';
import * as crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import * as http from 'node:http';

import { startIdentityProvider } from '../provider.mjs';
import { fingerprint } from '../test-controls.mjs';

const SITE = 'http://localhost:3000';
const OTHER_ORIGIN = 'http://localhost:9999';
const REDIRECT_URI = `${SITE}/login/callback`;
const POST_LOGOUT_URI = `${SITE}/`;
const CLIENT_ID = 'developer-docs';
const REALM = 'developers';

// ---------------------------------------------------------------------------
// Helpers: a tiny cookie-keeping "browser", PKCE, the code flow, JWT parsing.

class Browser {
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

function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeUrl(idp, overrides = {}) {
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

function formAction(html, base) {
  const match = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html);
  assert.ok(match, 'page has a POST form');
  return new URL(match[1].replaceAll('&amp;', '&'), base);
}

function hiddenInputs(html) {
  const inputs = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    inputs[name] = value;
  }
  return inputs;
}

/** Starts an authorization request and returns the sign-in page. */
async function openSignIn(browser, idp, overrides) {
  const pkce = pkcePair();
  const url = authorizeUrl(idp, { code_challenge: pkce.challenge, ...overrides });
  const { response, url: pageUrl } = await browser.follow(url);
  assert.equal(response.status, 200, 'sign-in page shown');
  return { html: await response.text(), pageUrl, pkce, state: url.searchParams.get('state') };
}

/** Signs in through the form and returns the authorization code at the callback. */
async function signIn(browser, idp, { username = 'developer', password = 'developer-password', scope } = {}) {
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

async function postForm(url, form, headers = {}) {
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

function exchangeCode(idp, { code, verifier }) {
  return postForm(`${idp.issuer}/connect/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
  });
}

async function tokensFor(browser, idp, signInOptions) {
  const { response, body } = await exchangeCode(idp, await signIn(browser, idp, signInOptions));
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}

function decodeJwt(jwt) {
  const [header, payload, signature] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url')),
    payload: JSON.parse(Buffer.from(payload, 'base64url')),
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

function verifiesWith(jwt, jwks) {
  const { header, signingInput, signature } = decodeJwt(jwt);
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (!jwk) return false;
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  return crypto.verify('sha256', Buffer.from(signingInput), key, signature);
}

function userinfo(idp, accessToken) {
  return fetch(`${idp.issuer}/connect/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
}

function introspect(idp, token) {
  return postForm(`${idp.issuer}/connect/introspect`, { token, client_id: CLIENT_ID });
}

function control(idp, path, body, { token = idp.testControlsToken, contentType = 'application/json' } = {}) {
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
function getWithHost(idp, path, host) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: idp.port, path, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', reject);
  });
}

function expectErrorRedirect(redirectedTo, error, state) {
  assert.ok(redirectedTo, 'error is sent back to the client');
  assert.equal(`${redirectedTo.origin}${redirectedTo.pathname}`, REDIRECT_URI);
  assert.equal(redirectedTo.searchParams.get('error'), error);
  assert.equal(redirectedTo.searchParams.get('state'), state);
  assert.equal(redirectedTo.searchParams.get('code'), null);
  return redirectedTo.searchParams.get('error_description');
}

// ---------------------------------------------------------------------------

describe('development identity provider', () => {
  let idp;

  before(async () => {
    idp = await startIdentityProvider({ port: 0, testControls: true });
  });
  after(() => idp?.close());

  test('issuer uses localhost and the bound port', () => {
    assert.ok(idp.port > 0);
    assert.equal(idp.issuer, `http://localhost:${idp.port}`);
  });

  test('discovery lists the /connect/* endpoints', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    assert.equal(response.status, 200);
    const discovery = await response.json();
    assert.equal(discovery.issuer, idp.issuer);
    assert.deepEqual(
      {
        authorization: discovery.authorization_endpoint,
        token: discovery.token_endpoint,
        userinfo: discovery.userinfo_endpoint,
        revocation: discovery.revocation_endpoint,
        endSession: discovery.end_session_endpoint,
        introspection: discovery.introspection_endpoint,
        jwks: discovery.jwks_uri,
      },
      {
        authorization: `${idp.issuer}/connect/authorize`,
        token: `${idp.issuer}/connect/token`,
        userinfo: `${idp.issuer}/connect/userinfo`,
        revocation: `${idp.issuer}/connect/revocation`,
        endSession: `${idp.issuer}/connect/endsession`,
        introspection: `${idp.issuer}/connect/introspect`,
        jwks: `${idp.issuer}/connect/jwks`,
      },
    );
    assert.deepEqual(discovery.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(discovery.response_types_supported, ['code']);
    for (const scope of ['openid', 'profile', 'email', 'offline_access']) {
      assert.ok(discovery.scopes_supported.includes(scope), scope);
    }
  });

  describe('authorization request checks', () => {
    for (const [label, realm] of [
      ['without realm', undefined],
      ['with a wrong realm', 'partners'],
    ]) {
      test(`${label} redirects with error=invalid_request`, async () => {
        const url = authorizeUrl(idp, { code_challenge: pkcePair().challenge, realm });
        const { redirectedTo } = await new Browser().follow(url);
        const description = expectErrorRedirect(redirectedTo, 'invalid_request', url.searchParams.get('state'));
        assert.match(description, /realm is not accepted/);
      });
    }

    test('plain PKCE is rejected', async () => {
      const url = authorizeUrl(idp, { code_challenge: pkcePair().verifier, code_challenge_method: 'plain' });
      const { redirectedTo } = await new Browser().follow(url);
      const description = expectErrorRedirect(redirectedTo, 'invalid_request', url.searchParams.get('state'));
      assert.match(description, /code_challenge_method/);
    });

    test('a request without code_challenge is rejected', async () => {
      const url = authorizeUrl(idp, { code_challenge_method: undefined });
      const { redirectedTo } = await new Browser().follow(url);
      const description = expectErrorRedirect(redirectedTo, 'invalid_request', url.searchParams.get('state'));
      assert.match(description, /PKCE/);
    });

    test('an unregistered redirect_uri gets an error page, not a redirect', async () => {
      const url = authorizeUrl(idp, {
        code_challenge: pkcePair().challenge,
        redirect_uri: 'http://localhost:3000/elsewhere',
      });
      const { redirectedTo, response } = await new Browser().follow(url);
      assert.equal(redirectedTo, undefined);
      assert.equal(response.status, 400);
      assert.match(await response.text(), /redirect_uri/);
    });
  });

  describe('sign-in page', () => {
    test('is an accessible form showing the demo users', async () => {
      const { html } = await openSignIn(new Browser(), idp);
      assert.match(html, /<html lang="en">/);
      assert.match(html, /<title>[^<]*Development sign-in[^<]*<\/title>/);
      assert.match(html, /<h1>Development sign-in<\/h1>/);
      assert.match(html, /<main>/);
      assert.match(html, /<label for="username">Username<\/label>/);
      assert.match(html, /<input id="username" name="username"/);
      assert.match(html, /<label for="password">Password<\/label>/);
      assert.match(html, /<input id="password" name="password" type="password"/);
      assert.match(html, />Cancel<\/button>/);
      for (const text of [
        'developer-password',
        'analyst-password',
        'Dana Developer',
        'Alex Analyst',
        'mismatch-password',
      ]) {
        assert.ok(html.includes(text), text);
      }
    });

    test('a wrong password re-shows the form with a visible error', async () => {
      const browser = new Browser();
      const page = await openSignIn(browser, idp);
      const response = await browser.request(formAction(page.html, page.pageUrl), {
        method: 'POST',
        form: { username: 'developer', password: 'wrong' },
      });
      assert.equal(response.status, 401);
      const html = await response.text();
      assert.match(html, /role="alert"[^>]*>The username or password is wrong/);
      assert.match(html, /<input id="username" name="username"[^>]*value="developer"/);
      assert.match(html, /<input id="password"/);
    });

    test('Cancel sends error=access_denied to the client', async () => {
      const browser = new Browser();
      const page = await openSignIn(browser, idp);
      const cancelUrl = new URL(/formaction="([^"]+)"/.exec(page.html)[1], page.pageUrl);
      const { redirectedTo } = await browser.follow(cancelUrl, { method: 'POST', form: {} });
      expectErrorRedirect(redirectedTo, 'access_denied', page.state);
    });
  });

  describe('tokens', () => {
    let tokens;
    let refreshed;

    before(async () => {
      tokens = await tokensFor(new Browser(), idp, { scope: 'openid profile email offline_access' });
    });

    test('code exchange returns access, ID and refresh tokens', () => {
      assert.equal(tokens.token_type, 'Bearer');
      assert.ok(tokens.access_token);
      assert.ok(tokens.refresh_token, 'refresh token issued without prompt=consent');
      assert.ok(tokens.id_token);
      assert.equal(tokens.expires_in, 3600);
      assert.deepEqual(tokens.scope.split(' ').sort(), ['email', 'offline_access', 'openid', 'profile']);
    });

    test('the ID token is RS256, for this client and issuer, and verifies against the JWKS', async () => {
      const { header, payload } = decodeJwt(tokens.id_token);
      assert.equal(header.alg, 'RS256');
      assert.equal(payload.iss, idp.issuer);
      assert.equal(payload.aud, CLIENT_ID);
      assert.equal(payload.sub, 'developer');
      assert.equal(payload.name, 'Dana Developer');
      assert.equal(payload.exp - payload.iat, 3600);
      const jwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
      assert.ok(verifiesWith(tokens.id_token, jwks));
    });

    test('userinfo returns the profile and email claims', async () => {
      const response = await userinfo(idp, tokens.access_token);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), {
        sub: 'developer',
        name: 'Dana Developer',
        given_name: 'Dana',
        family_name: 'Developer',
        preferred_username: 'developer',
        email: 'developer@example.com',
        email_verified: true,
      });
    });

    test('the refresh grant returns new tokens', async () => {
      const { response, body } = await postForm(`${idp.issuer}/connect/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: CLIENT_ID,
      });
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.ok(body.access_token);
      assert.ok(body.id_token);
      assert.ok(body.refresh_token);
      assert.notEqual(body.access_token, tokens.access_token);
      refreshed = body;
      assert.equal((await userinfo(idp, refreshed.access_token)).status, 200);
    });

    test('revocation with client_id in the body makes both tokens inactive', async () => {
      assert.ok(refreshed, 'refresh test ran first');
      for (const token of [refreshed.access_token, refreshed.refresh_token]) {
        assert.equal((await introspect(idp, token)).body.active, true, 'active before revocation');
      }

      const revocation = `${idp.issuer}/connect/revocation`;
      const access = await postForm(revocation, {
        token: refreshed.access_token,
        token_type_hint: 'access_token',
        client_id: CLIENT_ID,
      });
      assert.equal(access.response.status, 200);
      assert.deepEqual((await introspect(idp, refreshed.access_token)).body, { active: false });
      assert.equal((await userinfo(idp, refreshed.access_token)).status, 401);

      const refresh = await postForm(revocation, {
        token: refreshed.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: CLIENT_ID,
      });
      assert.equal(refresh.response.status, 200);
      assert.deepEqual((await introspect(idp, refreshed.refresh_token)).body, { active: false });
      const reuse = await postForm(`${idp.issuer}/connect/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshed.refresh_token,
        client_id: CLIENT_ID,
      });
      assert.equal(reuse.body.error, 'invalid_grant');
    });

    test('a second sign-in in the same browser needs no form and still gets a refresh token', async () => {
      const browser = new Browser();
      await tokensFor(browser, idp);
      const pkce = pkcePair();
      const url = authorizeUrl(idp, { code_challenge: pkce.challenge });
      const { redirectedTo } = await browser.follow(url);
      assert.ok(redirectedTo, 'no sign-in page, straight back to the site');
      const code = redirectedTo.searchParams.get('code');
      const { body } = await exchangeCode(idp, { code, verifier: pkce.verifier });
      assert.ok(body.refresh_token);
      assert.equal(decodeJwt(body.id_token).payload.sub, 'developer');
    });

    test('revoking the refresh token also ends the access token of that sign-in', async () => {
      const fresh = await tokensFor(new Browser(), idp);
      const { response } = await postForm(`${idp.issuer}/connect/revocation`, {
        token: fresh.refresh_token,
        client_id: CLIENT_ID,
      });
      assert.equal(response.status, 200);
      assert.deepEqual((await introspect(idp, fresh.access_token)).body, { active: false });
    });

    test('a replayed authorization code is rejected with invalid_grant', async () => {
      const grant = await signIn(new Browser(), idp);
      assert.equal((await exchangeCode(idp, grant)).response.status, 200);
      const replay = await exchangeCode(idp, grant);
      assert.equal(replay.response.status, 400);
      assert.equal(replay.body.error, 'invalid_grant');
    });

    test('a wrong code_verifier is rejected with invalid_grant', async () => {
      const grant = await signIn(new Browser(), idp);
      const { body } = await exchangeCode(idp, { ...grant, verifier: pkcePair().verifier });
      assert.equal(body.error, 'invalid_grant');
    });

    test('without offline_access no refresh token is issued', async () => {
      const body = await tokensFor(new Browser(), idp, { scope: 'openid profile' });
      assert.ok(body.access_token);
      assert.equal(body.refresh_token, undefined);
    });
  });

  describe('end session', () => {
    test('id_token_hint + post_logout_redirect_uri ends at the site without a click', async () => {
      const browser = new Browser();
      const tokens = await tokensFor(browser, idp);
      const url = new URL(`${idp.issuer}/connect/endsession`);
      url.searchParams.set('id_token_hint', tokens.id_token);
      url.searchParams.set('post_logout_redirect_uri', POST_LOGOUT_URI);
      url.searchParams.set('state', 'bye');

      const page = await browser.request(url);
      assert.equal(page.status, 200);
      // Nothing may block the inline auto-submit script.
      assert.equal(page.headers.get('content-security-policy'), null);
      const html = await page.text();
      assert.match(html, /<html lang="en">/);
      assert.match(html, /<script>document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/);
      assert.match(html, /<noscript>.*<button type="submit"/s);

      // What the script does: submit the form as it is.
      const confirm = await browser.request(formAction(html, url), { method: 'POST', form: hiddenInputs(html) });
      assert.equal(confirm.status, 303);
      assert.equal(confirm.headers.get('location'), `${POST_LOGOUT_URI}?state=bye`);

      // The provider session is gone: signing in again shows the form.
      const again = await openSignIn(browser, idp);
      assert.match(again.html, /Development sign-in/);
    });

    test('client_id + post_logout_redirect_uri (no ID token) ends the session too', async () => {
      const browser = new Browser();
      await tokensFor(browser, idp);
      const url = new URL(`${idp.issuer}/connect/endsession`);
      url.searchParams.set('client_id', CLIENT_ID);
      url.searchParams.set('post_logout_redirect_uri', POST_LOGOUT_URI);
      const page = await browser.request(url);
      assert.equal(page.status, 200);
      const html = await page.text();
      const confirm = await browser.request(formAction(html, url), { method: 'POST', form: hiddenInputs(html) });
      assert.equal(confirm.status, 303);
      assert.equal(confirm.headers.get('location'), POST_LOGOUT_URI);
      const again = await openSignIn(browser, idp);
      assert.match(again.html, /Development sign-in/);
    });

    test('without post_logout_redirect_uri it ends on the signed-out page', async () => {
      const browser = new Browser();
      await tokensFor(browser, idp);
      const url = new URL(`${idp.issuer}/connect/endsession?client_id=${CLIENT_ID}`);
      const html = await (await browser.request(url)).text();
      const { response } = await browser.follow(formAction(html, url), { method: 'POST', form: hiddenInputs(html) });
      assert.equal(response.status, 200);
      const signedOut = await response.text();
      assert.match(signedOut, /<h1>Signed out<\/h1>/);
      assert.match(signedOut, /<html lang="en">/);
    });
  });

  describe('CORS', () => {
    test('discovery and jwks allow the site origin only', async () => {
      for (const path of ['/.well-known/openid-configuration', '/connect/jwks']) {
        const allowed = await fetch(`${idp.issuer}${path}`, { headers: { origin: SITE } });
        assert.equal(allowed.headers.get('access-control-allow-origin'), SITE, path);
        const other = await fetch(`${idp.issuer}${path}`, { headers: { origin: OTHER_ORIGIN } });
        assert.equal(other.headers.get('access-control-allow-origin'), null, path);
      }
    });

    test('token endpoint allows the site origin only', async () => {
      const grant = await signIn(new Browser(), idp);
      const form = {
        grant_type: 'authorization_code',
        code: grant.code,
        code_verifier: grant.verifier,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
      };
      const other = await postForm(`${idp.issuer}/connect/token`, form, { origin: OTHER_ORIGIN });
      assert.equal(other.response.headers.get('access-control-allow-origin'), null);
      assert.equal(other.response.status, 400);
      const allowed = await postForm(`${idp.issuer}/connect/token`, form, { origin: SITE });
      assert.equal(allowed.response.status, 200);
      assert.equal(allowed.response.headers.get('access-control-allow-origin'), SITE);
    });

    test('preflights answer the site origin only', async () => {
      for (const path of ['/connect/token', '/connect/userinfo', '/connect/revocation', '/connect/introspect']) {
        const preflight = (origin) =>
          fetch(`${idp.issuer}${path}`, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': 'POST',
              'access-control-request-headers': 'authorization',
            },
          });
        assert.equal((await preflight(SITE)).headers.get('access-control-allow-origin'), SITE, path);
        assert.equal((await preflight(OTHER_ORIGIN)).headers.get('access-control-allow-origin'), null, path);
      }
    });

    test('userinfo allows the site origin', async () => {
      const tokens = await tokensFor(new Browser(), idp);
      const response = await fetch(`${idp.issuer}/connect/userinfo`, {
        headers: { authorization: `Bearer ${tokens.access_token}`, origin: SITE },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), SITE);
    });
  });

  describe('test controls', () => {
    before(() => control(idp, 'reset', {}));
    after(() => control(idp, 'reset', {}));

    test('outage answers 503 JSON everywhere until switched off', async () => {
      assert.deepEqual(await (await control(idp, 'outage', { down: true })).json(), { down: true });
      for (const path of ['/.well-known/openid-configuration', '/connect/jwks', '/connect/authorize']) {
        const response = await fetch(`${idp.issuer}${path}`, { headers: { origin: SITE } });
        assert.equal(response.status, 503, path);
        assert.equal((await response.json()).error, 'temporarily_unavailable');
        assert.equal(response.headers.get('access-control-allow-origin'), SITE);
      }
      const token = await postForm(`${idp.issuer}/connect/token`, {
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: CLIENT_ID,
      });
      assert.equal(token.response.status, 503);

      await control(idp, 'outage', { down: false });
      assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200);
    });

    test('foreign keys make ID tokens fail verification against the JWKS', async () => {
      const { id_token: idToken } = await tokensFor(new Browser(), idp);
      const realJwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
      assert.ok(verifiesWith(idToken, realJwks));

      assert.deepEqual(await (await control(idp, 'foreign-keys', { on: true })).json(), { on: true });
      const jwksResponse = await fetch(`${idp.issuer}/connect/jwks`);
      assert.match(jwksResponse.headers.get('content-type'), /application\/jwk-set\+json/);
      const foreignJwks = await jwksResponse.json();
      assert.equal(foreignJwks.keys[0].kid, realJwks.keys[0].kid, 'same kid, other key');
      assert.notEqual(foreignJwks.keys[0].n, realJwks.keys[0].n);
      assert.equal(foreignJwks.keys[0].d, undefined, 'no private part published');
      assert.equal(verifiesWith(idToken, foreignJwks), false);

      await control(idp, 'foreign-keys', { on: false });
      assert.ok(verifiesWith(idToken, await (await fetch(`${idp.issuer}/connect/jwks`)).json()));
    });

    test('requests are logged with their form, and reset clears log and switches', async () => {
      await control(idp, 'reset', {});
      const grant = await signIn(new Browser(), idp);
      await exchangeCode(idp, grant);

      const log = await (await control(idp, 'requests')).json();
      const authorize = log.find((entry) => entry.path === '/connect/authorize');
      assert.equal(authorize.method, 'GET');
      assert.equal(authorize.query.realm, REALM);
      const token = log.find((entry) => entry.path === '/connect/token');
      assert.equal(token.method, 'POST');
      // Secrets appear only as fingerprints a test can recompute from a value it knows.
      assert.deepEqual(token.form, {
        grant_type: 'authorization_code',
        code: fingerprint(grant.code),
        code_verifier: fingerprint(grant.verifier),
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
      });
      assert.ok(!JSON.stringify(log).includes(grant.code), 'no code in clear');
      assert.ok(!JSON.stringify(log).includes(grant.verifier), 'no verifier in clear');
      assert.ok(
        log.every((entry) => !entry.path.startsWith('/__test__/')),
        'controls are not logged',
      );

      await control(idp, 'outage', { down: true });
      await postForm(`${idp.issuer}/connect/revocation`, { token: 'abc', client_id: CLIENT_ID });
      const duringOutage = (await (await control(idp, 'requests')).json()).at(-1);
      assert.deepEqual(duringOutage, {
        method: 'POST',
        path: '/connect/revocation',
        query: {},
        form: { token: fingerprint('abc'), client_id: CLIENT_ID },
      });

      await control(idp, 'foreign-keys', { on: true });
      await control(idp, 'reset', {});
      assert.deepEqual(await (await control(idp, 'requests')).json(), []);
      assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200, 'outage off');
      const jwks = await (await fetch(`${idp.issuer}/connect/jwks`)).json();
      assert.ok(verifiesWith((await tokensFor(new Browser(), idp)).id_token, jwks), 'foreign keys off');
    });

    test('the log keeps only the last 200 requests', async () => {
      await control(idp, 'reset', {});
      for (let i = 0; i < 205; i += 1) {
        await fetch(`${idp.issuer}/connect/jwks?n=${i}`);
      }
      const log = await (await control(idp, 'requests')).json();
      assert.equal(log.length, 200);
      assert.equal(log[0].query.n, '5');
      assert.equal(log.at(-1).query.n, '204');
    });

    test("controls refuse a request without this run's token, or a body that is not JSON", async () => {
      assert.ok(idp.testControlsToken.length >= 32, 'a random token was made');
      // What a cross-site form post can send: text/plain, no custom header.
      const formPost = await control(idp, 'outage', '{"down":true}', { token: null, contentType: 'text/plain' });
      assert.equal(formPost.status, 403);
      assert.equal((await control(idp, 'outage', { down: true }, { token: 'x'.repeat(32) })).status, 403);
      assert.equal((await control(idp, 'requests', undefined, { token: null })).status, 403);
      const textPlain = await control(idp, 'outage', '{"down":true}', { contentType: 'text/plain' });
      assert.equal(textPlain.status, 415);
      const urlEncoded = await control(idp, 'outage', 'down=true', {
        contentType: 'application/x-www-form-urlencoded',
      });
      assert.equal(urlEncoded.status, 415);
      assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200, 'no outage happened');
    });

    test('control endpoints answer CORS for the site origin only', async () => {
      const preflight = (origin) =>
        fetch(`${idp.issuer}/__test__/outage`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      const allowed = await preflight(SITE);
      assert.equal(allowed.status, 204);
      assert.equal(allowed.headers.get('access-control-allow-origin'), SITE);
      assert.match(allowed.headers.get('access-control-allow-headers'), /content-type/i);
      assert.match(allowed.headers.get('access-control-allow-headers'), /x-test-controls-token/i);
      assert.equal((await preflight(OTHER_ORIGIN)).headers.get('access-control-allow-origin'), null);
      const log = await fetch(`${idp.issuer}/__test__/requests`, {
        headers: { origin: SITE, 'x-test-controls-token': idp.testControlsToken },
      });
      assert.equal(log.headers.get('access-control-allow-origin'), SITE);
    });

    test('realm changes the accepted realm until reset', async () => {
      assert.deepEqual(await (await control(idp, 'realm', { realm: 'partners' })).json(), { realm: 'partners' });
      const url = authorizeUrl(idp, { code_challenge: pkcePair().challenge });
      const { redirectedTo } = await new Browser().follow(url);
      const description = expectErrorRedirect(redirectedTo, 'invalid_request', url.searchParams.get('state'));
      assert.match(description, /realm "partners"/);

      await control(idp, 'reset', {});
      const tokens = await tokensFor(new Browser(), idp);
      assert.ok(tokens.access_token, 'the configured realm works again');
    });

    test('token-ttl shortens new access tokens until reset', async () => {
      assert.equal((await control(idp, 'token-ttl', { accessTokenTtl: 0 })).status, 400);
      await control(idp, 'token-ttl', { accessTokenTtl: 40 });
      assert.equal((await tokensFor(new Browser(), idp)).expires_in, 40);
      await control(idp, 'reset', {});
      assert.equal((await tokensFor(new Browser(), idp)).expires_in, 3600);
    });

    test('the mismatch user gets a different sub from userinfo than in its ID token', async () => {
      const tokens = await tokensFor(new Browser(), idp, { username: 'mismatch', password: 'mismatch-password' });
      const idTokenSub = decodeJwt(tokens.id_token).payload.sub;
      const info = await (await userinfo(idp, tokens.access_token)).json();
      assert.equal(idTokenSub, 'mismatch');
      assert.ok(info.sub, 'userinfo has a sub');
      assert.notEqual(info.sub, idTokenSub);
    });

    test('other users keep matching subjects', async () => {
      const tokens = await tokensFor(new Browser(), idp, { username: 'analyst', password: 'analyst-password' });
      const info = await (await userinfo(idp, tokens.access_token)).json();
      assert.equal(info.sub, decodeJwt(tokens.id_token).payload.sub);
      assert.equal(info.name, 'Alex Analyst');
    });
  });
});

describe('DNS rebinding', () => {
  let idp;

  before(async () => {
    idp = await startIdentityProvider({ port: 0 });
  });
  after(() => idp?.close());

  test('only loopback host names are answered', async () => {
    const path = '/.well-known/openid-configuration';
    for (const host of [`localhost:${idp.port}`, `127.0.0.1:${idp.port}`, `[::1]:${idp.port}`, 'localhost']) {
      assert.equal(await getWithHost(idp, path, host), 200, host);
    }
    for (const host of [
      `rebind.evil.example:${idp.port}`,
      'evil.example',
      `10.0.0.5:${idp.port}`,
      'localhost.evil.example',
    ]) {
      assert.equal(await getWithHost(idp, path, host), 421, host);
    }
  });
});

describe('refusing to run beyond this machine', () => {
  for (const [label, options, message] of [
    [
      'a public issuer',
      { issuer: 'https://id.clearing.example' },
      /issuer "https:\/\/id\.clearing\.example" \(IDP_ISSUER\)/,
    ],
    ['a public site origin', { siteOrigins: 'https://developers.clearing.example' }, /IDP_SITE_ORIGINS/],
    ['a LAN site origin', { siteOrigins: 'http://localhost:3000,http://192.168.1.20:3000' }, /192\.168\.1\.20/],
    ['NODE_ENV=production', { nodeEnv: 'production' }, /NODE_ENV is "production"/],
  ]) {
    test(`refuses ${label}, saying why and how to override`, async () => {
      await assert.rejects(startIdentityProvider({ port: 0, ...options }), (error) => {
        assert.equal(error.name, 'UnsafeSettingsError');
        assert.match(error.message, message);
        assert.match(error.message, /IDP_ALLOW_NON_LOOPBACK=1/);
        return true;
      });
    });
  }

  test('runs with the explicit override, and then answers its issuer host too', async () => {
    const idp = await startIdentityProvider({
      port: 0,
      issuer: 'http://idp.test.example',
      siteOrigins: 'http://docs.test.example',
      nodeEnv: 'production',
      allowNonLoopback: true,
    });
    try {
      assert.equal(await getWithHost(idp, '/.well-known/openid-configuration', 'idp.test.example'), 200);
      assert.equal(await getWithHost(idp, '/.well-known/openid-configuration', 'evil.example'), 421);
    } finally {
      await idp.close();
    }
  });

  test('the command line refuses with its message and exit code 1', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['dev/idp/cli.mjs'], {
      env: { ...process.env, IDP_PORT: '0', IDP_SITE_ORIGINS: 'https://developers.clearing.example' },
      encoding: 'utf8',
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /IDP_SITE_ORIGINS.*not on this machine/);
  });
});

describe('without test controls', () => {
  let idp;

  before(async () => {
    idp = await startIdentityProvider({
      port: 0,
      siteOrigins: 'http://localhost:3000,http://127.0.0.1:3000',
      basePath: 'docs',
      realm: 'staff',
      accessTokenTtl: 120,
    });
  });
  after(() => idp?.close());

  test('the /__test__/ endpoints are 404', async () => {
    assert.equal((await control(idp, 'requests')).status, 404);
    assert.equal((await control(idp, 'outage', { down: true })).status, 404);
    assert.equal((await control(idp, 'foreign-keys', { on: true })).status, 404);
    assert.equal((await control(idp, 'reset', {})).status, 404);
    assert.equal((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status, 200, 'no outage happened');
  });

  test('the mismatch user does not exist', async () => {
    const browser = new Browser();
    const pkce = pkcePair();
    const url = authorizeUrl(idp, {
      code_challenge: pkce.challenge,
      realm: 'staff',
      redirect_uri: 'http://localhost:3000/docs/login/callback',
    });
    const { response, url: pageUrl } = await browser.follow(url);
    const html = await response.text();
    assert.ok(!html.includes('mismatch-password'));
    const login = await browser.request(formAction(html, pageUrl), {
      method: 'POST',
      form: { username: 'mismatch', password: 'mismatch-password' },
    });
    assert.equal(login.status, 401);
  });

  test('siteOrigins, basePath, realm and accessTokenTtl are applied', async () => {
    const browser = new Browser();
    const pkce = pkcePair();
    const redirectUri = 'http://127.0.0.1:3000/docs/login/callback';
    const url = authorizeUrl(idp, { code_challenge: pkce.challenge, realm: 'staff', redirect_uri: redirectUri });
    const page = await browser.follow(url);
    const { redirectedTo } = await browser.follow(formAction(await page.response.text(), page.url), {
      method: 'POST',
      form: { username: 'analyst', password: 'analyst-password' },
    });
    assert.equal(`${redirectedTo.origin}${redirectedTo.pathname}`, redirectUri);
    const { body } = await postForm(`${idp.issuer}/connect/token`, {
      grant_type: 'authorization_code',
      code: redirectedTo.searchParams.get('code'),
      code_verifier: pkce.verifier,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
    });
    assert.equal(body.expires_in, 120);

    const wrongRealm = authorizeUrl(idp, { code_challenge: pkce.challenge, realm: REALM, redirect_uri: redirectUri });
    const rejected = await new Browser().follow(wrongRealm);
    assert.equal(rejected.redirectedTo.searchParams.get('error'), 'invalid_request');

    const cors = await fetch(`${idp.issuer}/connect/jwks`, { headers: { origin: 'http://127.0.0.1:3000' } });
    assert.equal(cors.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000');
  });
});
