/**
 * Signs the demo developer in once through the development provider and returns the browser
 * storage, so a benchmark can load protected pages as a signed-in visitor.
 */
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';

/** Signs in on `page` (any page of a browser context), leaving the tokens in that context's storage. */
export async function signInOnPage(page, site) {
  await page.goto(`${site}/docs`);
  await fillSignInForm(page);
  await submitSignInForm(page);
  // Back on the site, past the callback page, with the tokens stored.
  await page.waitForURL((url) => url.origin === site && !url.pathname.startsWith('/login/callback'));
  await page.locator('[data-access="open"]').waitFor({ state: 'attached' });
}

export async function signInOnce(browser, site) {
  const context = await browser.newContext();
  try {
    await signInOnPage(await context.newPage(), site);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
