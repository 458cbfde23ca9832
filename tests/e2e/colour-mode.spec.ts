import { expect, test, waitForHydration } from './fixtures';

test.describe('colour mode', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`follows prefers-color-scheme: ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();
    });
  }

  test('the toggle switches the mode and the choice persists under "theme"', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await waitForHydration(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');

    // The toggle cycles system → light → dark → system.
    const toggle = page.locator('.navbar').getByRole('button', { name: /dark and light mode/i });
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'light');
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');

    // An explicit choice wins over the system preference.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/health');
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });
});
