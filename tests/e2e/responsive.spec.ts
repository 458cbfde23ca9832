import { expect, test, waitForHydration } from './fixtures';

const toggleName = 'Toggle navigation bar';

test.describe('navigation menu across the 996 px breakpoint', () => {
  test('the mobile menu opens and closes, and closes itself on a wide window or on back', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/health');
    await waitForHydration(page);
    const navbar = page.locator('nav.navbar');
    const toggle = page.getByRole('button', { name: toggleName });
    await expect(toggle).toBeVisible();

    await toggle.click();
    await expect(navbar).toHaveClass(/navbar-sidebar--show/);
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Documentation' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Log In' })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(navbar).not.toHaveClass(/navbar-sidebar--show/);

    // Becoming wide closes it.
    await toggle.click();
    await expect(navbar).toHaveClass(/navbar-sidebar--show/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(navbar).not.toHaveClass(/navbar-sidebar--show/);
    await expect(toggle).toBeHidden();

    // Going back closes it first (and stays on the page); the next back leaves.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Site status' }).click();
    await expect(page).toHaveURL(/\/health$/);
    await page.getByRole('button', { name: toggleName }).click();
    await expect(navbar).toHaveClass(/navbar-sidebar--show/);
    await page.goBack();
    await expect(navbar).not.toHaveClass(/navbar-sidebar--show/);
    await expect(page).toHaveURL(/\/health$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the menu toggle shows at 996 px and hides at 997 px', async ({ page }) => {
    await page.setViewportSize({ width: 996, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: toggleName })).toBeVisible();
    await page.setViewportSize({ width: 997, height: 800 });
    await expect(page.getByRole('button', { name: toggleName })).toBeHidden();
    await expect(page.locator('nav.navbar').getByRole('link', { name: 'Documentation' })).toBeVisible();
  });
});

test('on a phone, the health page keeps the commit and the build time whole, each on one line', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/health');
  await waitForHydration(page);
  const values = page.locator('main dd code');
  await expect(values.first()).toBeVisible();
  const broken = await values.evaluateAll((codes) =>
    codes.filter((code) => code.getClientRects().length > 1).map((code) => code.textContent),
  );
  expect(broken).toEqual([]);
});
