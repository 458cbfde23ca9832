/**
 * What a newcomer runs, run as they run it: a clean clone of this repository; the README's first command as
 * written (`npm ci && npm start`), in an environment without this checkout's tools or the test run's settings;
 * then, signed in at the development provider in Chromium, every shell block of the quick start in one terminal,
 * in page order, with no ID edited by hand, through to FILLED and CANCELED, after the page's layout is checked at a
 * desktop's and a phone's width. Then `npm run serve` in the same clone, with Try it sending to the local sandbox
 * it starts. Each stage waits for a state, with a deadline.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { layOutAt, layoutProblems } from '../e2e/layoutProblems';
import { DESKTOP_VIEWPORT } from '../e2e/playwrightShared';

const SITE = 'http://localhost:3000';
const PROVIDER = 'http://localhost:4000';
const SANDBOX = 'http://127.0.0.1:4020';
const PORTS = [3000, 4000, 4020];
const QUICK_START = '/docs/getting-started/first-test-order';

test.describe.configure({ mode: 'serial' });

/** The README's first command: the first line of its first bash block, without its comment. */
function readmeFirstCommand(): string {
  const block = /```bash\n([\s\S]*?)```/.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
  return block
    .split('\n')[0]
    .replace(/\s+#.*$/, '')
    .trim();
}

/** The machine's environment as a newcomer's shell has it: none of this checkout's tools, none of the test run's settings. */
function newcomerEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (
      /^(npm_|E2E_|OIDC_|IDP_|SANDBOX_|PW|PLAYWRIGHT|TEST_|FORCE_COLOR$|NODE_OPTIONS$|INIT_CWD$|SITE_URL$|BASE_URL$)/.test(
        name,
      )
    ) {
      continue;
    }
    environment[name] = value;
  }
  environment.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules'))
    .join(':');
  return environment;
}

interface Running {
  readonly child: ChildProcess;
  /** Everything it printed so far, both streams, without colours. */
  output(): string;
}

/** Runs a command line in bash, in its own process group, as a terminal would. */
function start(commandLine: string, cwd: string): Running {
  const child = spawn('bash', ['-c', commandLine], {
    cwd,
    env: newcomerEnvironment(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => text.replace(/\x1b\[[0-9;]*m/g, '') }; // eslint-disable-line no-control-regex
}

/** Stops the command and everything it started (Ctrl+C would), and waits until every port is free again. */
async function stop(running: Running | undefined): Promise<void> {
  if (!running?.child.pid) return;
  if (running.child.exitCode === null && running.child.signalCode === null) {
    const exited = new Promise((resolve) => running.child.once('exit', resolve));
    process.kill(-running.child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  try {
    process.kill(-running.child.pid, 'SIGKILL');
  } catch {
    // Nothing was left.
  }
  await expect
    .poll(async () => (await Promise.all(PORTS.map(portIsFree))).every(Boolean), { timeout: 20_000 })
    .toBe(true);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

const tail = (text: string) => text.split('\n').slice(-40).join('\n');

/** Waits until `url` answers with `status` (any status when none is given), or fails with what the command printed. */
async function waitUntilAnswers(running: Running, url: string, deadline: number, status?: number): Promise<void> {
  for (;;) {
    if (running.child.exitCode !== null) {
      throw new Error(
        `the command stopped (exit code ${running.child.exitCode}) before ${url} answered:\n${tail(running.output())}`,
      );
    }
    const answered = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => status === undefined || response.status === status,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${tail(running.output())}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The site, the development provider and the sandbox, each answering. */
async function waitForEverything(running: Running, minutes: number): Promise<void> {
  const deadline = Date.now() + minutes * 60_000;
  await waitUntilAnswers(running, `${PROVIDER}/.well-known/openid-configuration`, deadline, 200);
  await waitUntilAnswers(running, `${SANDBOX}/v1/accounts`, deadline);
  await waitUntilAnswers(running, `${SITE}/`, deadline, 200);
}

/** Opens a docs page, signs in at the development provider as the demo developer, and waits for the page. */
async function signInAt(page: Page, route: string): Promise<void> {
  await page.goto(`${SITE}${route}`);
  // The development server answers only once its compilation is done (waitForEverything waited for that), so
  // what is left is loading the page's unminified scripts and the redirect to the provider.
  await page.waitForURL((url) => url.origin === PROVIDER, { timeout: 60_000 });
  await fillSignInForm(page);
  await submitSignInForm(page);
  await page.waitForURL((url) => url.origin === SITE && url.pathname === route, { timeout: 60_000 });
  await expect(page.locator('[data-access="open"]')).toBeAttached({ timeout: 60_000 });
}

/**
 * The open page of the development server laid out as a writer looks at it, at a desktop's width and a phone's,
 * light and dark: the built site's layout rules hold, and the navbar says what to run for search at a desktop's
 * width only (on a phone the sentence squeezed the site title into a column of single letters).
 */
async function expectDevServerLayouts(page: Page): Promise<void> {
  const note = page.locator('.navbar').getByTestId('dev-server-note');
  const problems: string[] = [];
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await layOutAt(page, width, { scheme });
      if (scheme === 'light' && (await note.isVisible()) !== width > 996)
        problems.push(`${width} px: the navbar's note on search is ${width > 996 ? 'not shown' : 'shown'}`);
      const found = await layoutProblems(page, scheme, width);
      problems.push(...found.map((problem) => `${width} px, ${scheme}: ${problem}`));
    }
  }
  expect(problems).toEqual([]);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: null });
}

interface CodeBlock {
  readonly language: string;
  readonly title: string;
  readonly text: string;
}

/**
 * The page's code blocks as a reader sees them, in order: the shown tab of each group of samples only. A shell
 * block is taken as the reader takes it, with its copy button, from the clipboard.
 */
async function visibleCodeBlocks(page: Page): Promise<CodeBlock[]> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
  const containers = page.locator('article .theme-code-block');
  await expect(containers.first()).toBeVisible({ timeout: 60_000 });
  const blocks: CodeBlock[] = [];
  for (const container of await containers.all()) {
    if (!(await container.isVisible())) continue;
    const { language, title, text } = await container.evaluate((element) => ({
      language: /\blanguage-(\w+)/.exec(element.className)?.[1] ?? '',
      title: element.querySelector('[class*="codeBlockTitle"]')?.textContent ?? '',
      text: (element.querySelector('pre code') as HTMLElement | null)?.innerText ?? '',
    }));
    if (language !== 'bash') {
      blocks.push({ language, title, text });
      continue;
    }
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await container.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
    blocks.push({ language, title, text: await page.evaluate(() => navigator.clipboard.readText()) });
  }
  return blocks;
}

/** One terminal: bash, kept between blocks, so what a block exports the next one reads. */
class Terminal {
  private readonly child: ChildProcess;
  private output = '';
  private runs = 0;

  constructor(cwd: string) {
    this.child = spawn('bash', ['--noprofile', '--norc'], {
      cwd,
      env: newcomerEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /** Pastes a block and waits for the prompt: what it printed, and the exit status of its last command. */
  async run(code: string): Promise<{ readonly printed: string; readonly status: number }> {
    this.runs += 1;
    const marker = `end-of-block-${this.runs}`;
    const from = this.output.length;
    this.child.stdin?.write(`${code}\necho; echo "${marker} $?"\n`);
    await expect.poll(() => this.output.includes(marker), { timeout: 60_000 }).toBe(true);
    const printed = this.output.slice(from, this.output.indexOf(marker));
    const status = Number(new RegExp(`${marker} (\\d+)`).exec(this.output)?.[1]);
    return { printed, status };
  }

  close(): void {
    this.child.kill('SIGTERM');
  }
}

/** The `status` a response printed by a block says, if it printed one JSON object. */
function statusOf(printed: string): unknown {
  const json = /\{[\s\S]*\}/.exec(printed)?.[0];
  try {
    return json ? (JSON.parse(json) as { status?: unknown }).status : undefined;
  } catch {
    return undefined;
  }
}

let clone: string;
let running: Running | undefined;

test.beforeAll(async () => {
  const busy = (await Promise.all(PORTS.map(async (port) => ((await portIsFree(port)) ? null : port)))).filter(Boolean);
  if (busy.length > 0)
    throw new Error(`ports ${busy.join(', ')} are in use: stop what runs there (an npm start?) first`);
  clone = mkdtempSync(path.join(tmpdir(), 'newcomer-'));
  execFileSync('git', ['clone', '--quiet', process.cwd(), clone]);
});

test.afterAll(async () => {
  await stop(running);
  if (clone) rmSync(clone, { recursive: true, force: true });
});

test('the README’s first command runs the site, and the quick start runs as written to FILLED and CANCELED', async ({
  page,
}) => {
  const command = readmeFirstCommand();
  expect(command).toBe('npm ci && npm start');
  running = start(command, clone);
  // npm ci installs everything (Node 24 included) before npm start starts the provider, the sandbox and the site.
  await waitForEverything(running, 12);
  const printed = running.output();
  expect(printed).not.toMatch(/oidc-provider WARNING/);
  expect(printed).not.toMatch(/\bError\b|EADDRINUSE|stopped \(/);

  await signInAt(page, QUICK_START);
  await expectDevServerLayouts(page);
  const blocks = await visibleCodeBlocks(page);
  const shellBlocks = blocks.filter((block) => block.language === 'bash');
  expect(
    shellBlocks.length,
    JSON.stringify(blocks.map((block) => [block.language, block.title])),
  ).toBeGreaterThanOrEqual(11);

  const workDir = mkdtempSync(path.join(tmpdir(), 'newcomer-terminal-'));
  const terminal = new Terminal(workDir);
  const reached: unknown[] = [];
  try {
    for (const [index, block] of blocks.entries()) {
      if (block.language !== 'bash') continue;
      let result = await terminal.run(block.text);
      expect(result.status, `${block.title || 'block'} ${index}: ${result.printed}`).toBe(0);
      expect(result.printed, `${block.title || 'block'} ${index}`).not.toMatch(/"error"\s*:/);
      // A read the page says to repeat until the response it shows next: the reader repeats it.
      const shown = blocks[index + 1];
      const expected = shown?.language === 'json' ? statusOf(shown.text) : undefined;
      if (/--request GET/.test(block.text) && expected !== undefined) {
        const deadline = Date.now() + 30_000;
        while (statusOf(result.printed) !== expected && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          result = await terminal.run(block.text);
        }
        expect(statusOf(result.printed), result.printed).toBe(expected);
        reached.push(expected);
      }
    }
    // Every ID came from a variable that an earlier block set: none is left unset.
    const variables = await terminal.run('echo "$ACCOUNT_NUMBER $APPLICATION_ID $ORDER_ID $WORKING_ORDER_ID"');
    expect(variables.printed.trim().split(/\s+/)).toHaveLength(4);
  } finally {
    terminal.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  expect(reached).toEqual(['APPROVED', 'FILLED', 'CANCELED']);

  await stop(running);
  running = undefined;
});

test('npm run serve builds and serves the site, and Try it sends to the local sandbox it starts', async ({ page }) => {
  running = start('npm run serve', clone);
  // With no build yet, it builds first.
  await waitForEverything(running, 12);
  expect(running.output()).toMatch(/Sandbox listening on/);

  await signInAt(page, '/docs/accounts-api/endpoints/account-number');
  const block = page.getByRole('region', { name: 'Operation reserveAccountNumber' });
  await block.getByRole('button', { name: 'Try it' }).click();
  await expect(block.getByRole('form', { name: 'Try reserveAccountNumber' })).toBeVisible({ timeout: 30_000 });
  // The panel finds the sandbox that npm run serve started, and sends to it.
  const local = block.getByRole('radio', { name: /^Local sandbox/ });
  await expect(local).toBeEnabled({ timeout: 30_000 });
  await local.check();
  const credentials = block.getByRole('form', { name: 'Sandbox credentials' });
  await credentials.getByLabel('Client ID').fill('sandbox-demo');
  await credentials.getByLabel('Client secret').fill('sandbox-demo-secret');
  await credentials.getByRole('button', { name: 'Get token' }).click();
  await expect(credentials.getByText(/^Access token ••••••••\S{4} for sandbox-demo/)).toBeVisible();
  await block.getByRole('button', { name: 'Send to the Local sandbox' }).click();
  await expect(
    block.getByRole('status').filter({ hasText: /^Response 201 from the Local sandbox in \d+ ms\./ }),
  ).toBeVisible({ timeout: 30_000 });

  // The site's own proxy sends there too: npm run serve points it at the same sandbox.
  const token = await fetch(`${SANDBOX}/connect/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('sandbox-demo:sandbox-demo-secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=accounts.read',
  });
  expect(token.status).toBe(200);
  const proxied = await page.evaluate(async () => {
    const response = await fetch('/api-proxy/connect/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa('sandbox-demo:sandbox-demo-secret')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=accounts.read',
    });
    return { status: response.status, body: (await response.json()) as { token_type?: string } };
  });
  expect(proxied).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });

  await stop(running);
  running = undefined;
});
