// RP-Initiated Logout: the end-session endpoint, by GET and by a POSTed form.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { fingerprint } from '../test-controls.mjs';
import {
  POST_LOGOUT_URI,
  CLIENT_ID,
  Browser,
  formAction,
  hiddenInputs,
  openSignIn,
  tokensFor,
  control,
  idp,
  useProviderWithTestControls,
} from './helpers.mjs';

useProviderWithTestControls();

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

  test('a POSTed form with id_token_hint ends the session, and the logged request line holds no token', async () => {
    const browser = new Browser();
    const tokens = await tokensFor(browser, idp);
    await control(idp, 'reset', {});
    const url = `${idp.issuer}/connect/endsession`;
    const form = { id_token_hint: tokens.id_token, post_logout_redirect_uri: POST_LOGOUT_URI, state: 'bye' };

    const page = await browser.request(url, { method: 'POST', form });
    assert.equal(page.status, 200);
    const html = await page.text();
    const confirm = await browser.request(formAction(html, new URL(url)), {
      method: 'POST',
      form: hiddenInputs(html),
    });
    assert.equal(confirm.status, 303);
    assert.equal(confirm.headers.get('location'), `${POST_LOGOUT_URI}?state=bye`);
    const again = await openSignIn(browser, idp);
    assert.match(again.html, /Development sign-in/);

    const [endSession] = await (await control(idp, 'requests')).json();
    assert.deepEqual(endSession, {
      method: 'POST',
      path: '/connect/endsession',
      query: {},
      form: { ...form, id_token_hint: fingerprint(tokens.id_token) },
    });
  });

  test('an end-session POST that is not a form is refused', async () => {
    const response = await fetch(`${idp.issuer}/connect/endsession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT_ID }),
    });
    assert.equal(response.status, 400);
    assert.match(await response.text(), /application\/x-www-form-urlencoded/);
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
