// What browser tests and benchmarks need to sign in through the development identity provider: its
// demo users and its sign-in form (dev/idp/pages.mjs), driven with Playwright. No side effects.
import { demoUsers } from './accounts.mjs';

function asSignIn(user) {
  return { username: user.username, password: user.password, name: `${user.givenName} ${user.familyName}` };
}

/** The demo developer (a user of every provider). */
export const DEMO_USER = asSignIn(demoUsers()[0]);
/** The user whose userinfo names another subject than its ID token (only with test controls). */
export const MISMATCH_USER = asSignIn(
  demoUsers({ testControls: true }).find(({ username }) => username === 'mismatch'),
);

/**
 * Fills in the provider's sign-in form; `page` is a Playwright page showing it.
 * @param {import('@playwright/test').Page} page
 * @param {{ username: string, password: string }} [user]
 */
export async function fillSignInForm(page, user = DEMO_USER) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
}

/** @param {import('@playwright/test').Page} page */
export async function submitSignInForm(page) {
  await page.getByRole('button', { name: 'Sign in' }).click();
}
