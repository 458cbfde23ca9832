import { test as setup } from '@playwright/test';
import { SIGNED_IN_STATE } from './environment.mjs';
import { signIn } from './fixtures';

/** Signs the demo developer in once; tests that read protected pages start from this state. */
setup('sign in as the demo developer', async ({ page }) => {
  await signIn(page, '/docs');
  await page.context().storageState({ path: SIGNED_IN_STATE });
});
