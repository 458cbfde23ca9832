// Authorization requests: PKCE, realm, redirect URIs.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { Browser, pkcePair, authorizeUrl, expectErrorRedirect, idp, useProviderWithTestControls } from './helpers.mjs';

useProviderWithTestControls();

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
