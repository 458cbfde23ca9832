// Refusing to run or answer beyond this machine: DNS rebinding, non-loopback settings, no test controls unless asked.
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';

import { startIdentityProvider } from '../provider.mjs';
import {
  CLIENT_ID,
  REALM,
  Browser,
  pkcePair,
  authorizeUrl,
  formAction,
  postForm,
  control,
  getWithHost,
} from './helpers.mjs';

describe('DNS rebinding', () => {
  let idp;

  before(async () => {
    idp = await startIdentityProvider({ port: 0 });
  });
  after(() => idp?.close());

  test('only loopback host names are answered', async () => {
    const path = '/.well-known/openid-configuration';
    for (const host of [
      `localhost:${idp.port}`,
      `127.0.0.1:${idp.port}`,
      `[::1]:${idp.port}`,
      'localhost',
      `127.0.0.2:${idp.port}`,
      `localhost.:${idp.port}`,
    ]) {
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
