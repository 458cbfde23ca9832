/**
 * The Try it panel of the endpoint pages, in the real build against real sandboxes (sandbox/cli.mjs): the
 * quick start's requests sent from their pages to a local sandbox directly, and to a second sandbox through
 * the site's proxy (the site server is started with SANDBOX_API_URL pointing at it, playwright.config.ts);
 * sandbox tokens gone from every storage of every tab after sign-out; axe in both colour modes; 320 px (with
 * no word broken across lines); keyboard only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, waitForHydration } from './fixtures';
import { PROXY_SANDBOX_PORT, SIGNED_IN_STATE, SITE_ORIGIN } from './environment.mjs';
import { brokenWords } from './brokenWords';

// An opened panel asks whether a sandbox answers at http://localhost:4020; none runs there in the tests. Typing
// the local sandbox's address asks at each address on the way, and Chromium refuses some ports (`:37` of `:37xxx`).
test.use({ storageState: SIGNED_IN_STATE, expectedConsoleErrors: [/net::ERR_(?:CONNECTION_REFUSED|UNSAFE_PORT)/] });
// The sandboxes are started once for the file; its tests share them, one after another.
test.describe.configure({ mode: 'serial' });

/** An endpoint page of each request of the quick start (docs/getting-started/first-test-order.mdx). */
const PAGES = {
  reserveAccountNumber: '/docs/accounts-api/endpoints/account-number',
  openAccount: '/docs/accounts-api/endpoints/new-account',
  getOnboardingResult: '/docs/accounts-api/endpoints/onboarding-result',
  createSandboxDeposit: '/docs/accounts-api/endpoints/sandbox-deposit',
  placeEquityOrder: '/docs/trading-api/equity/single-equity-order',
  getEquityOrder: '/docs/trading-api/equity/get-equity-order',
  cancelEquityOrder: '/docs/trading-api/equity/cancel-equity-order',
  addAccountDocument: '/docs/accounts-api/endpoints/add-document',
} as const;
type OperationId = keyof typeof PAGES;

const DEMO = { clientId: 'sandbox-demo', clientSecret: 'sandbox-demo-secret' };
const TOKEN_KEY_PREFIX = 'docs-try-it-token:';

interface Sandbox {
  readonly origin: string;
  readonly process: ChildProcess;
}

/** `npm run sandbox` on `port` (0: any free one), ready once it prints where it listens. */
function startSandbox(port: number): Promise<Sandbox> {
  const child = spawn(process.execPath, ['sandbox/cli.mjs'], {
    env: { ...process.env, SANDBOX_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Sandbox listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      resolve({ origin: `http://127.0.0.1:${listening[1]}`, process: child });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
  });
}

let local: Sandbox;
let behindProxy: Sandbox;

test.beforeAll(async () => {
  [local, behindProxy] = await Promise.all([startSandbox(0), startSandbox(PROXY_SANDBOX_PORT)]);
});
test.afterAll(() => {
  local?.process.kill('SIGTERM');
  behindProxy?.process.kill('SIGTERM');
});

/** The operation block of `operationId` on its page, with its panel open. */
async function openPanel(page: Page, operationId: OperationId): Promise<Locator> {
  await page.goto(PAGES[operationId]);
  await waitForHydration(page);
  const block = page.getByRole('region', { name: `Operation ${operationId}` });
  await block.getByRole('button', { name: 'Try it' }).click();
  await expect(block.getByRole('form', { name: `Try ${operationId}` })).toBeVisible({ timeout: 30_000 });
  return block;
}

/** Chooses the target; for the local sandbox, the test's instance (on its own port). */
async function chooseTarget(block: Locator, target: 'local' | 'proxy'): Promise<void> {
  if (target === 'proxy') {
    await block.getByRole('radio', { name: /^Sandbox/ }).check();
    return;
  }
  await block.getByLabel('Local sandbox address').fill(local.origin);
  await block.getByRole('button', { name: 'Check again' }).click();
  const radio = block.getByRole('radio', { name: /^Local sandbox/ });
  await expect(radio).toBeEnabled();
  await radio.check();
}

/** Gets a token for the chosen target, unless this tab holds one already. */
async function ensureToken(block: Locator): Promise<void> {
  const credentials = block.getByRole('form', { name: 'Sandbox credentials' });
  if (await credentials.getByText(/^Access token/).isVisible()) return;
  await credentials.getByLabel('Client ID').fill(DEMO.clientId);
  await credentials.getByLabel('Client secret').fill(DEMO.clientSecret);
  await credentials.getByRole('button', { name: 'Get token' }).click();
  await expect(credentials.getByText(/^Access token ••••••••\S{4} for sandbox-demo/)).toBeVisible();
}

/** Sets a form field of the request. */
async function setField(block: Locator, name: string, value: string): Promise<void> {
  await block
    .getByRole('form', { name: 'Request' })
    .getByRole('textbox', { name: new RegExp(`^${name}\\b`) })
    .fill(value);
}

/** Changes the JSON body with `edit`. */
async function editBody(block: Locator, edit: (body: Record<string, unknown>) => void): Promise<void> {
  const textarea = block.getByRole('textbox', { name: /^Request body/ });
  const body = JSON.parse(await textarea.inputValue()) as Record<string, unknown>;
  edit(body);
  await textarea.fill(JSON.stringify(body, null, 2));
}

/** Sends, waits for the announced result, and returns the status and the parsed body. */
async function send(
  block: Locator,
  button: RegExp = /^Send to the/,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = block.getByRole('region', { name: 'Response' });
  const before = (await response.isVisible()) ? Number(await response.getAttribute('data-send')) : 0;
  await block.getByRole('button', { name: button }).click();
  // A busy machine may take a while: the request passes the site's server and a sandbox.
  await expect(response).toHaveAttribute('data-send', String(before + 1), { timeout: 30_000 });
  await expect(block.getByRole('status').filter({ hasText: /^Response \d{3} from the/ })).toBeVisible();
  const status = Number(await response.locator('dd strong').first().textContent());
  const text = (await response.getByLabel('Response body').textContent()) ?? '';
  return { status, body: text.trim().startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The response is checked against the description, and matches it. */
async function expectMatchesDescription(block: Locator): Promise<void> {
  await expect(block.getByText('The response matches the description of this operation.')).toBeVisible();
}

/** Opens the panel of `operationId`, chooses the target and fills the form with `fill`. */
async function step(
  page: Page,
  target: 'local' | 'proxy',
  operationId: OperationId,
  fill: (block: Locator) => Promise<void>,
): Promise<Locator> {
  const block = await openPanel(page, operationId);
  await chooseTarget(block, target);
  await fill(block);
  return block;
}

/** Sends until the response's `status` field says `expected` (the sandbox decides within seconds). */
async function sendUntil(block: Locator, expected: string): Promise<void> {
  await expect(async () => {
    const result = await send(block);
    expect(result.status).toBe(200);
    expect(result.body.status).toBe(expected);
  }).toPass({ timeout: 30_000 });
  await expectMatchesDescription(block);
}

/** Sends and expects `status` and a response that matches the description; returns the body. */
async function sendExpecting(block: Locator, status: number): Promise<Record<string, unknown>> {
  const result = await send(block);
  expect(result.status).toBe(status);
  await expectMatchesDescription(block);
  return result.body;
}

/**
 * The quick start, step after step, each from its endpoint page: reserve, open, wait for approval, fund,
 * buy and follow to a fill, place a working order and cancel it.
 */
async function runQuickStart(page: Page, target: 'local' | 'proxy', label: 'Local sandbox' | 'Sandbox') {
  const first = await step(page, target, 'reserveAccountNumber', ensureToken);
  const { accountNumber } = await sendExpecting(first, 201);
  await expect(first.getByRole('region', { name: 'Response' })).toContainText(`Sent to${label}:`);
  const withAccount = (example: string) => async (block: Locator) => {
    await block.getByLabel('Example').selectOption(example);
    await editBody(block, (body) => {
      body.accountNumber = accountNumber;
    });
  };

  const opening = await step(page, target, 'openAccount', async (block) => {
    // The token from the first page is still this tab's: no credentials asked again.
    await expect(block.getByText(/^Access token ••••/)).toBeVisible();
    await withAccount('individual')(block);
  });
  const { applicationId } = await sendExpecting(opening, 202);
  await sendUntil(
    await step(page, target, 'getOnboardingResult', (block) => setField(block, 'applicationId', String(applicationId))),
    'APPROVED',
  );
  await sendExpecting(
    await step(page, target, 'createSandboxDeposit', (block) =>
      setField(block, 'accountNumber', String(accountNumber)),
    ),
    201,
  );
  const bought = await sendExpecting(
    await step(page, target, 'placeEquityOrder', withAccount('sandboxMarketBuy')),
    201,
  );
  await sendUntil(
    await step(page, target, 'getEquityOrder', (block) => setField(block, 'orderId', String(bought.orderId))),
    'FILLED',
  );
  const working = await sendExpecting(
    await step(page, target, 'placeEquityOrder', withAccount('sandboxWorkingLimitBuy')),
    201,
  );
  const cancelling = await step(page, target, 'cancelEquityOrder', (block) =>
    setField(block, 'orderId', String(working.orderId)),
  );
  expect((await send(cancelling)).status).toBeLessThan(300);
  await expectMatchesDescription(cancelling);
}

/** Every value this page keeps in its storages, and the site's cookies. */
async function everythingStored(page: Page): Promise<string> {
  const storages = await page.evaluate(() =>
    JSON.stringify([{ ...window.localStorage }, { ...window.sessionStorage }]),
  );
  const cookies = await page.context().cookies();
  return `${storages} ${JSON.stringify(cookies)}`;
}

test.describe('Try it', () => {
  test('sends the quick start’s requests from their pages to the local sandbox', async ({ page }) => {
    test.setTimeout(240_000);
    await runQuickStart(page, 'local', 'Local sandbox');
  });

  test('sends them through the site’s proxy to the hosted sandbox (a second instance)', async ({ page }) => {
    test.setTimeout(240_000);
    const proxied: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${SITE_ORIGIN}/api-proxy/`)) proxied.push(new URL(request.url()).pathname);
    });
    await runQuickStart(page, 'proxy', 'Sandbox');
    expect(proxied).toEqual(expect.arrayContaining(['/api-proxy/connect/token', '/api-proxy/v1/account-numbers']));
    expect(proxied.filter((path) => path.startsWith('/api-proxy/v1/')).length).toBeGreaterThanOrEqual(8);
  });

  test.describe('on a page of the v2 docs', () => {
    // The sandbox knows no order the test cancels, and Chromium logs its 404 (as it logs refused local addresses).
    test.use({ expectedConsoleErrors: [/net::ERR_(?:CONNECTION_REFUSED|UNSAFE_PORT)|status of 404 \(Not Found\)/] });
    const V2_CANCEL_PAGE = '/docs/v2/trading-api/equity/cancel-equity-order';

    /** The v2 page's block of `operationId`, with its panel open. */
    async function openV2Panel(page: Page, path: string, operationId: string): Promise<Locator> {
      await page.goto(path);
      await waitForHydration(page);
      const block = page.getByRole('region', { name: `Operation ${operationId}` });
      await block.getByRole('button', { name: 'Try it' }).click();
      await expect(block.getByRole('form', { name: `Try ${operationId}` })).toBeVisible({ timeout: 30_000 });
      return block;
    }

    for (const target of ['local', 'proxy'] as const) {
      test(`sends the Trading API's v2 cancel, POST …/v2/orders/equity/{orderId}/cancel, ${target === 'local' ? 'to the local sandbox' : 'through the site’s proxy'}, and shows the answer`, async ({
        page,
      }) => {
        const block = await openV2Panel(page, V2_CANCEL_PAGE, 'cancelEquityOrder');
        await chooseTarget(block, target);
        await ensureToken(block);
        const orderId = '00000000-0000-4000-8000-0000000000c2';
        await setField(block, 'orderId', orderId);
        const sent: { method: string; url: string }[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/orders/')) sent.push({ method: request.method(), url: request.url() });
        });
        const result = await send(block);
        const base = target === 'local' ? `${local.origin}/v2` : `${SITE_ORIGIN}/api-proxy/v2`;
        expect(sent).toEqual([{ method: 'POST', url: `${base}/orders/equity/${orderId}/cancel` }]);
        // The sandbox knows no such order: its answer, a problem, is shown and checked against v2's description.
        expect(result.status).toBe(404);
        await expect(block.getByRole('region', { name: 'Response' })).toContainText(
          `Sent to${target === 'local' ? 'Local sandbox' : 'Sandbox'}:`,
        );
        await expectMatchesDescription(block);
      });
    }

    test('sends an operation of an API without a v2 to /v1 still', async ({ page }) => {
      const block = await openV2Panel(page, '/docs/v2/accounts-api/endpoints/account-number', 'reserveAccountNumber');
      await chooseTarget(block, 'proxy');
      await ensureToken(block);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api-proxy/v')) sent.push(new URL(request.url()).pathname);
      });
      expect((await send(block)).status).toBe(201);
      expect(sent).toEqual(['/api-proxy/v1/account-numbers']);
    });
  });

  test('names invalid input before sending, replays with the same key, copies curl without the token', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const block = await openPanel(page, 'reserveAccountNumber');
    await chooseTarget(block, 'proxy');
    await ensureToken(block);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api-proxy/v1/')) sent.push(request.url());
    });

    await setField(block, 'Idempotency-Key', 'not-a-uuid');
    await editBody(block, (body) => {
      delete body.accountType;
    });
    await block.getByRole('button', { name: /^Send to the Sandbox/ }).click();
    const alert = block.getByRole('alert');
    await expect(alert).toContainText('Fix these before sending:');
    await expect(alert).toContainText('Idempotency-Key (header) must match format "uuid"');
    await expect(alert).toContainText('body.accountType is required');
    await expect(block.getByRole('textbox', { name: /^Idempotency-Key/ })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await block.getByRole('button', { name: 'New key' }).click();
    await editBody(block, (body) => {
      body.accountType = 'INDIVIDUAL';
    });
    const key = await block.getByRole('textbox', { name: /^Idempotency-Key/ }).inputValue();
    const first = await send(block);
    expect(first.status).toBe(201);
    // Each send gets a new key; "send again" replays the last request with its key: the same reservation.
    await expect(block.getByRole('textbox', { name: /^Idempotency-Key/ })).not.toHaveValue(key);
    const again = await send(block, /^Send again with the same key/);
    expect(again.body).toEqual(first.body);
    expect(sent).toHaveLength(2);

    await block.getByRole('button', { name: 'Copy as curl' }).click();
    const curl = block.getByLabel('curl command');
    await expect(curl).toContainText('-H "Authorization: Bearer $ACCESS_TOKEN"');
    await expect(curl).toContainText(`curl -X POST '${SITE_ORIGIN}/api-proxy/v1/account-numbers'`);
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(await curl.textContent());
    const token = await page.evaluate(
      (prefix) => JSON.parse(window.sessionStorage.getItem(`${prefix}proxy`) ?? '{}').accessToken as string,
      TOKEN_KEY_PREFIX,
    );
    expect(token).toBeTruthy();
    expect(clipboard).not.toContain(token);
    await expect(block).not.toContainText(token);
    expect(await page.content()).not.toContain(token);
    expect(await page.evaluate(() => ({ ...window.localStorage }))).not.toEqual(
      expect.objectContaining({ [`${TOKEN_KEY_PREFIX}proxy`]: expect.anything() }),
    );
  });

  test('uploads a document as multipart/form-data through the site’s proxy, and copies it as curl with every part', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const reserving = await step(page, 'proxy', 'reserveAccountNumber', ensureToken);
    const { accountNumber } = await sendExpecting(reserving, 201);
    const opening = await step(page, 'proxy', 'openAccount', async (block) => {
      await block.getByLabel('Example').selectOption('individual');
      await editBody(block, (body) => {
        body.accountNumber = accountNumber;
      });
    });
    await sendExpecting(opening, 202);

    const block = await step(page, 'proxy', 'addAccountDocument', (form) =>
      setField(form, 'accountNumber', String(accountNumber)),
    );
    const request = block.getByRole('form', { name: 'Request' });
    // Without a file nothing is sent: the panel names the part.
    const sent: string[] = [];
    page.on('request', (outgoing) => {
      if (outgoing.url().includes('/api-proxy/v1/accounts/')) sent.push(outgoing.headers()['content-type'] ?? '');
    });
    await block.getByRole('button', { name: /^Send to the Sandbox/ }).click();
    await expect(block.getByRole('alert')).toContainText('file (form) is required: choose a file');
    expect(sent).toEqual([]);

    await request.getByLabel(/^file \(file\)/).setInputFiles({
      name: 'w9-signed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7 a signed W-9 for the browser test'),
    });
    await expect(request.getByText(/^w9-signed\.pdf, 42 bytes \(application\/pdf\)/)).toBeVisible();
    await request.getByRole('textbox', { name: /^documentType/ }).fill('W9');
    // The example's person and action belong to another account: left out.
    await request.getByRole('textbox', { name: /^partyId/ }).fill('');
    await request.getByRole('textbox', { name: /^actionId/ }).fill('');
    const uploaded = await sendExpecting(block, 201);
    expect(uploaded).toMatchObject({ accountNumber, documentType: 'W9', status: 'RECEIVED' });
    expect(sent).toHaveLength(1);
    // The browser wrote the form and its boundary; the sandbox read the parts (documentType W9 above).
    expect(sent[0]).toMatch(/^multipart\/form-data; boundary=/);

    await block.getByRole('button', { name: 'Copy as curl' }).click();
    const curl = block.getByLabel('curl command');
    await expect(curl).toContainText(`curl -X POST '${SITE_ORIGIN}/api-proxy/v1/accounts/${accountNumber}/documents'`);
    await expect(curl).toContainText("--form 'file=@w9-signed.pdf'");
    await expect(curl).toContainText("--form 'documentType=W9'");
    await expect(curl).toContainText(`--form 'description=Front and back of driver'\\''s license'`);
    await expect(curl).not.toContainText('partyId');
    await expect(curl).not.toContainText('Content-Type');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.textContent());
    await expectNoAxeViolations(page);
  });

  test.describe('a reader new to the local sandbox', () => {
    // The order is refused once, on purpose: the browser logs the 422.
    test.use({ expectedConsoleErrors: [/net::ERR_(?:CONNECTION_REFUSED|UNSAFE_PORT)|status of 422 /] });

    test('is told where the demo secret is, and what an order needs first, with the call that adds cash', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const first = await openPanel(page, 'reserveAccountNumber');
      await chooseTarget(first, 'local');
      const credentials = first.getByRole('form', { name: 'Sandbox credentials' });
      await expect(credentials).toContainText(
        'Its demo client, sandbox-demo, has every scope: npm run sandbox prints its client ID and secret when it starts',
      );
      await expect(credentials.getByRole('link', { name: 'The sandbox' })).toBeVisible();
      await credentials.getByRole('button', { name: 'Use the demo client' }).click();
      await expect(credentials.getByLabel('Client ID')).toHaveValue(DEMO.clientId);
      await expect(credentials.getByLabel('Client secret')).toHaveValue(DEMO.clientSecret);
      await credentials.getByRole('button', { name: 'Get token' }).click();
      await expect(credentials.getByText(/^Access token ••••••••\S{4} for sandbox-demo/)).toBeVisible();
      await expect(page.locator('body')).not.toContainText(DEMO.clientSecret);
      await expectNoAxeViolations(page);

      const { accountNumber } = await sendExpecting(first, 201);
      const withAccount = async (block: Locator) =>
        editBody(block, (body) => {
          body.accountNumber = accountNumber;
        });
      const opening = await step(page, 'local', 'openAccount', async (block) => {
        await block.getByLabel('Example').selectOption('individual');
        await withAccount(block);
      });
      const { applicationId } = await sendExpecting(opening, 202);
      await sendUntil(
        await step(page, 'local', 'getOnboardingResult', (block) =>
          setField(block, 'applicationId', String(applicationId)),
        ),
        'APPROVED',
      );

      // The order panel starts with the description's sandbox example and says what it needs first.
      const order = await step(page, 'local', 'placeEquityOrder', async (block) => {
        await expect(block.getByLabel('Example')).toHaveValue('sandboxMarketBuy');
        await expect(block.getByText(/^Before you send:/)).toBeVisible();
        await withAccount(block);
      });
      // The sandbox does not make up buying power: the new account's order is refused, and the panel names the fix.
      const refused = await send(order);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_BUYING_POWER' });
      await expect(order.getByText(/a new sandbox account holds no cash/)).toBeVisible();
      await expectNoAxeViolations(page);
      await order.getByRole('link', { name: 'Create a sandbox deposit' }).click();
      await page.waitForURL(`${SITE_ORIGIN}${PAGES.createSandboxDeposit}`);

      const deposit = await step(page, 'local', 'createSandboxDeposit', (block) =>
        setField(block, 'accountNumber', String(accountNumber)),
      );
      await sendExpecting(deposit, 201);
      const placed = await sendExpecting(await step(page, 'local', 'placeEquityOrder', withAccount), 201);
      expect(placed).toMatchObject({ accountNumber, symbol: 'XMPL', side: 'BUY' });
    });
  });

  test('is accessible in both colour modes, with a response shown', async ({ page }) => {
    const block = await openPanel(page, 'reserveAccountNumber');
    await chooseTarget(block, 'local');
    await ensureToken(block);
    await send(block);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expectNoAxeViolations(page, { include: ['#try-it-reserveAccountNumber'] });
    }
  });

  test('fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    const block = await openPanel(page, 'reserveAccountNumber');
    await chooseTarget(block, 'local');
    await ensureToken(block);
    expect((await send(block)).status).toBe(201);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      panel: document.querySelector('#try-it-reserveAccountNumber')?.getBoundingClientRect().right ?? Infinity,
    }));
    expect(widths.page).toBeLessThanOrEqual(320);
    expect(widths.panel).toBeLessThanOrEqual(320);
    await expect(block.getByRole('button', { name: /^Send to the/ })).toBeInViewport({ ratio: 0 });
    // No word of the panel, the response's "Sent to" line included, is broken across lines (issue 39, item 2).
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 720 });
      await page.waitForFunction((width) => window.innerWidth === width, width);
      expect(await brokenWords(page, '#try-it-reserveAccountNumber'), `at ${width} px`).toEqual([]);
    }
  });

  test.describe('with an error response', () => {
    /**
     * Opens "Open an account" on the local sandbox and sends it with an account number nobody reserved: the
     * sandbox answers with a problem whose sentences are long lines.
     */
    async function sendRefusedApplication(page: Page) {
      const block = await openPanel(page, 'openAccount');
      await chooseTarget(block, 'local');
      await ensureToken(block);
      await editBody(block, (body) => {
        body.accountNumber = 'ZZ999999';
      });
      await send(block);
      return block;
    }

    // The sandbox refuses the account number, and Chromium logs the 409.
    test.use({ expectedConsoleErrors: [/net::ERR_(?:CONNECTION_REFUSED|UNSAFE_PORT)|status of 409 \(Conflict\)/] });
    test('on a phone: one size of buttons, styled choices, and a response that scrolls sideways instead of wrapping', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const block = await sendRefusedApplication(page);
      const panel = page.locator('#try-it-openAccount');
      const response = await block.getByLabel('Response body').evaluate((pre) => {
        const style = getComputedStyle(pre);
        const range = document.createRange();
        range.selectNodeContents(pre);
        const lineTops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        return {
          textLines: (pre.textContent ?? '').trimEnd().split('\n').length,
          shownLines: lineTops.size,
          overflowX: style.overflowX,
          scrolls: pre.scrollWidth > pre.clientWidth,
        };
      });
      expect(response.textLines).toBeGreaterThan(2);
      // Each line of the JSON is one line on the screen (none wraps to column 0), and the box scrolls sideways.
      expect(response.shownLines).toBe(response.textLines);
      expect(response).toMatchObject({ overflowX: 'auto', scrolls: true });

      const buttons = await panel.locator('button:visible').evaluateAll((elements) =>
        elements.map((button) => ({
          name: button.textContent?.trim(),
          height: Math.round(button.getBoundingClientRect().height),
          fontSize: parseFloat(getComputedStyle(button).fontSize),
        })),
      );
      expect(buttons.length).toBeGreaterThan(4);
      const body = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
      expect(new Set(buttons.map((button) => button.height)), JSON.stringify(buttons)).toHaveProperty('size', 1);
      expect(new Set(buttons.map((button) => button.fontSize)), JSON.stringify(buttons)).toHaveProperty('size', 1);
      // The site's small text (0.875rem of the body's 16 px), no smaller.
      expect(buttons[0].fontSize).toBeGreaterThanOrEqual(body * 0.875);

      // The example menu and the radios are drawn as the site's own fields, in both colour modes.
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        const looks = await panel.evaluate((element) => {
          const field = (selector: string) => {
            const style = getComputedStyle(element.querySelector(selector)!);
            return {
              border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
              radius: style.borderTopLeftRadius,
              background: style.backgroundColor,
              color: style.color,
              fontSize: style.fontSize,
              height: Math.round(element.querySelector(selector)!.getBoundingClientRect().height),
            };
          };
          const probe = document.createElement('span');
          probe.style.color = 'var(--ifm-color-primary)';
          element.append(probe);
          const primary = getComputedStyle(probe).color;
          probe.remove();
          return {
            select: field('select'),
            input: field('input[type="password"]'),
            radios: Array.from(element.querySelectorAll('input[type="radio"]')).map(
              (radio) => getComputedStyle(radio).accentColor,
            ),
            primary,
          };
        });
        expect(looks.select).toEqual(looks.input);
        expect(looks.radios.length).toBeGreaterThan(1);
        for (const accent of looks.radios) expect(accent).toBe(looks.primary);
      }
    });

    test('at 1280 px, after a send, the panel’s action buttons stand on one row', async ({ page }) => {
      // After a send, "Send again with the same key" names the key's first characters: the longest label.
      const block = await sendRefusedApplication(page);
      await expect(block.getByRole('button', { name: /^Send again with the same key \(/ })).toBeVisible();
      const tops = await block
        .getByRole('form', { name: 'Request' })
        .locator('button:visible')
        .evaluateAll((elements) =>
          elements
            .filter((button) => /^(Send|Copy as curl)/.test(button.textContent ?? ''))
            .map((button) => `${button.textContent}: ${Math.round(button.getBoundingClientRect().top)}`),
        );
      expect(tops.length).toBe(3);
      expect(new Set(tops.map((top) => top.split(': ')[1])), tops.join(', ')).toHaveProperty('size', 1);
    });
  });

  test('works with the keyboard only', async ({ page }) => {
    await page.goto(PAGES.reserveAccountNumber);
    await waitForHydration(page);
    const block = page.getByRole('region', { name: 'Operation reserveAccountNumber' });
    await block.getByRole('button', { name: 'Try it' }).focus();
    await page.keyboard.press('Enter');
    await expect(block.getByRole('form', { name: 'Try reserveAccountNumber' })).toBeVisible({ timeout: 30_000 });
    /** Presses Tab until the focused element is `target`. */
    async function tabTo(target: Locator) {
      for (let presses = 0; presses < 40; presses += 1) {
        if (await target.evaluateAll((elements) => elements.includes(document.activeElement as HTMLElement))) return;
        await page.keyboard.press('Tab');
      }
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
      throw new Error(`not reached with Tab; focus is on ${focused}`);
    }
    await tabTo(block.getByLabel('Local sandbox address'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(local.origin);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // Found at the address typed, the local sandbox is chosen; the arrow keys move between the targets.
    const radio = block.getByRole('radio', { name: /^Local sandbox/ });
    await expect(radio).toBeChecked();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(radio).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(block.getByRole('radio', { name: /^Sandbox/ })).toBeChecked();
    await page.keyboard.press('ArrowUp');
    await expect(radio).toBeChecked();
    // The signed-in demo developer's own sandbox client id is already there (issue 23's personal values).
    await tabTo(block.getByLabel('Client ID'));
    await expect(block.getByLabel('Client ID')).toHaveValue(DEMO.clientId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.clientSecret);
    await page.keyboard.press('Enter');
    await expect(block.getByText(/^Access token ••••/)).toBeVisible();
    await tabTo(block.getByRole('button', { name: 'Send to the Local sandbox' }));
    await page.keyboard.press('Enter');
    await expect(
      block.getByRole('status').filter({ hasText: /^Response 201 from the Local sandbox in \d+ ms\./ }),
    ).toBeVisible();
  });

  test('shows the signed-in demo developer their sandbox client id in samples and the panel, never a secret', async ({
    page,
  }) => {
    const guide = '/docs/getting-started/authentication';
    // The built page keeps the placeholder: the client id is put in after hydration, for this reader only.
    const built = await (await page.request.get(guide)).text();
    expect(built).toContain('CLIENT_ID');
    expect(built).not.toContain(DEMO.clientId);
    await page.goto(guide);
    await waitForHydration(page);
    const samples = page.locator('main pre');
    await expect(samples.filter({ hasText: 'grant_type=client_credentials' }).first()).toContainText(
      `-u "${DEMO.clientId}:$CLIENT_SECRET"`,
    );
    await expect(samples.filter({ hasText: 'os.environ["CLIENT_SECRET"]' }).first()).toContainText(
      `auth=("${DEMO.clientId}", os.environ["CLIENT_SECRET"])`,
    );
    await expect(page.locator('main')).not.toContainText('$CLIENT_ID');
    await expect(page.locator('main')).not.toContainText(DEMO.clientSecret);

    const block = await openPanel(page, 'reserveAccountNumber');
    const credentials = block.getByRole('form', { name: 'Sandbox credentials' });
    await expect(credentials.getByLabel('Client ID')).toHaveValue(DEMO.clientId);
    await expect(credentials.getByLabel('Client secret')).toHaveValue('');
    await expect(page.locator('body')).not.toContainText(DEMO.clientSecret);
  });

  test('after sign-out, no sandbox token is left in any storage of any tab', async ({ browser }) => {
    // A session of its own: signing out ends the provider session the other tests share.
    const context = await browser.newContext({ storageState: undefined });
    const page = await context.newPage();
    await signIn(page, PAGES.reserveAccountNumber);
    const first = await openPanel(page, 'reserveAccountNumber');
    await chooseTarget(first, 'proxy');
    await ensureToken(first);
    const other = await context.newPage();
    const second = await openPanel(other, 'getEquityOrder');
    await chooseTarget(second, 'local');
    await ensureToken(second);
    const tokens = await Promise.all(
      [
        [page, 'proxy'],
        [other, 'local'],
      ].map(([tab, target]) =>
        (tab as Page).evaluate(
          (key) => JSON.parse(window.sessionStorage.getItem(key) ?? '{}').accessToken as string,
          `${TOKEN_KEY_PREFIX}${target as string}`,
        ),
      ),
    );
    expect(tokens.every(Boolean)).toBe(true);

    await page.locator('nav.navbar').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${SITE_ORIGIN}/`);
    await waitForHydration(page);
    await expect(other.getByRole('heading', { name: 'You signed out in another tab' })).toBeVisible({
      timeout: 30_000,
    });
    for (const tab of [page, other]) {
      const stored = await everythingStored(tab);
      expect(stored).not.toContain(TOKEN_KEY_PREFIX);
      for (const token of tokens) expect(stored).not.toContain(token);
    }
    await context.close();
  });
});
