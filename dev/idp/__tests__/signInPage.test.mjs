// The provider's sign-in page.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';

import { Browser, formAction, openSignIn, expectErrorRedirect, idp, useProviderWithTestControls } from './helpers.mjs';

useProviderWithTestControls();

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
