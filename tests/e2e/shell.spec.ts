import { readFileSync } from 'node:fs';
import path from 'node:path';
import { copyrightYears } from '../../config/footer';
import { BUILD_DIR } from './environment.mjs';
import { expect, test, waitForHydration } from './fixtures';
import { SITE_TITLE } from './siteContent';

test.describe('site shell', () => {
  test('the announcement bar can be dismissed and stays dismissed', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText('Getting started');
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('.theme-announcement-bar')).toBeHidden();
  });

  test('the footer has contact, privacy and social links and the copyright from 2025 to the build year', async ({
    page,
  }) => {
    await page.goto('/health');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: /Contact us/ })).toHaveAttribute('href', /^mailto:|^https?:/);
    await expect(footer.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', /^https?:/);
    for (const network of ['GitHub', 'LinkedIn', 'X']) {
      await expect(footer.getByRole('link', { name: new RegExp(`^${network}`) })).toBeVisible();
    }
    // The build's own year (its /health.json), not the year the test runs in.
    const { builtAt } = JSON.parse(readFileSync(path.join(BUILD_DIR, 'health.json'), 'utf8')) as { builtAt: string };
    await expect(footer).toContainText(
      `Copyright © ${copyrightYears(new Date(builtAt).getUTCFullYear())} ${SITE_TITLE}`,
    );
  });

  test('the navbar has Home, Documentation, Log In and the colour toggle; an anonymous visitor gets no search box', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Documentation' })).toBeVisible();
    await expect(navbar.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(navbar.getByRole('button', { name: /dark and light mode/ })).toBeVisible();
    await expect(navbar.getByTestId('search-placeholder')).toBeAttached();
    await expect(navbar.locator('input.navbar__search-input')).toHaveCount(0);
    // Custom items sit on the right-hand side unless told otherwise.
    await expect(page.locator('.navbar__items--right').getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});
