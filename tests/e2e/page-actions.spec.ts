import { SIGNED_IN_STATE, SITE_ORIGIN } from './environment.mjs';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

/**
 * "Copy page" and "View as Markdown" beside a docs page's title (src/components/PageActions): the
 * clipboard gets the page's Markdown, the confirmation is announced, keyboard alone works, and axe
 * finds nothing in either colour mode.
 */
test.use({ storageState: SIGNED_IN_STATE, permissions: ['clipboard-read', 'clipboard-write'] });

const PAGE = '/docs/trading-api/equity/single-equity-order';
const MARKDOWN = `${PAGE}.md`;

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme} mode: "Copy page" puts the page's Markdown on the clipboard and announces it; axe-clean`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(PAGE);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    const actions = page.getByRole('group', { name: 'Page actions' });
    // Beside the title: level with the heading, not below the article's start.
    const title = page.getByRole('heading', { level: 1 });
    const [actionsBox, titleBox] = await Promise.all([actions.boundingBox(), title.boundingBox()]);
    expect(actionsBox!.y).toBeLessThan(titleBox!.y + titleBox!.height);

    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await actions.getByRole('button', { name: 'Copy page' }).click();
    await expect(actions.getByRole('status')).toHaveText(/Copied this page as Markdown/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const served = await (await page.request.get(MARKDOWN)).text();
    expect(copied).toBe(served);
    expect(copied).toMatch(/^---\ntitle: "Place a single equity order"/);
    expect(copied).toContain('`POST /orders/equity`');

    await actions.getByRole('button', { name: 'More page actions' }).click();
    await expect(actions.getByText(/docs are private/)).toBeVisible();
    // The actions, open, in this colour mode; the whole page is scanned in both modes by accessibility.spec.ts. A
    // scan of this long page would take most of the test's time on a busy machine.
    await expectNoAxeViolations(page, { include: ['[role="group"][aria-label="Page actions"]'] });
  });
}

test.describe('keyboard', () => {
  // A Markdown file is no HTML page: Chromium asks for /favicon.ico, which the site does not have (its icon is an SVG).
  test.use({ expectedConsoleErrors: [/favicon\.ico/] });

  test('keyboard: Tab reaches the actions, Enter copies, the disclosure opens, Escape closes it, and the link opens the Markdown', async ({
    page,
  }) => {
    await page.goto(PAGE);
    await waitForHydration(page);
    const actions = page.getByRole('group', { name: 'Page actions' });
    const copy = actions.getByRole('button', { name: 'Copy page' });
    const more = actions.getByRole('button', { name: 'More page actions' });
    // From the breadcrumbs, the next stops are the actions.
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link').last().focus();
    for (
      let presses = 0;
      presses < 10 && !(await copy.evaluate((element) => element === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(copy).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(actions.getByRole('status')).toHaveText(/Copied this page as Markdown/);

    await page.keyboard.press('Tab');
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    const link = actions.getByRole('link', { name: 'View as Markdown' });
    await expect(link).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await expect(link).toBeHidden();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(MARKDOWN);
    await expect(page.locator('body')).toContainText('title: "Place a single equity order"');
  });

  test("a v2 page: Copy page copies v2's Markdown and View as Markdown opens it, with v2's cancel", async ({
    page,
  }) => {
    const v2Page = '/docs/v2/trading-api/equity/cancel-equity-order';
    await page.goto(v2Page);
    await waitForHydration(page);
    const actions = page.getByRole('group', { name: 'Page actions' });
    await actions.getByRole('button', { name: 'Copy page' }).click();
    await expect(actions.getByRole('status')).toHaveText(/Copied this page as Markdown/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('`POST /orders/equity/{orderId}/cancel`');
    expect(copied).toMatch(/^source: ".+\/docs\/v2\/trading-api\/equity\/cancel-equity-order"$/m);
    expect(copied).toBe(await (await page.request.get(`${v2Page}.md`)).text());

    await actions.getByRole('button', { name: 'More page actions' }).click();
    await actions.getByRole('link', { name: 'View as Markdown' }).click();
    await expect(page).toHaveURL(`${SITE_ORIGIN}${v2Page}.md`);
    await expect(page.locator('body')).toContainText('`POST /orders/equity/{orderId}/cancel`');
  });
});

test('Connect your assistant leads to the setup, with this site’s MCP server in each assistant’s configuration', async ({
  page,
}) => {
  await page.goto(PAGE);
  await waitForHydration(page);
  const actions = page.getByRole('group', { name: 'Page actions' });
  await actions.getByRole('button', { name: 'More page actions' }).click();
  await actions.getByRole('link', { name: 'Connect your assistant' }).click();
  await expect(page).toHaveURL(`${SITE_ORIGIN}/docs/getting-started/assistant`);
  const server = `${SITE_ORIGIN}/mcp`;
  await expect(page.locator('article')).toContainText(`The server’s address: ${server}`);
  const setup = page.locator('article .tabs-container').first();
  await expect(setup.locator('pre code').filter({ visible: true })).toHaveText(
    new RegExp(`^claude mcp add --transport http \\S+ ${server}$`),
  );
  await setup.getByRole('tab', { name: 'VS Code' }).click();
  const vsCode = JSON.parse(await setup.locator('pre code').filter({ visible: true }).innerText()) as {
    servers: Record<string, { type: string; url: string }>;
  };
  expect(Object.values(vsCode.servers)).toEqual([{ type: 'http', url: server }]);
  await expectNoAxeViolations(page, { include: ['article .tabs-container'] });
});
