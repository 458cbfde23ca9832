import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUILD_DIR, CLIENT_SECRET_CANARY, SIGNED_IN_STATE } from './environment.mjs';

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full) : [full];
  });
}

test('the client secret never reaches the built site', () => {
  const files = allFiles(BUILD_DIR);
  expect(files.length).toBeGreaterThan(100);
  const leaks = files.filter((file) => readFileSync(file).includes(CLIENT_SECRET_CANARY));
  expect(leaks).toEqual([]);
});

test('no page or bundle uses placeholder words', () => {
  const pages = allFiles(BUILD_DIR).filter((file) => file.endsWith('.html'));
  const offenders = pages.filter((file) =>
    /lorem ipsum|coming soon|\bTODO\b|docusaurus tutorial/i.test(
      readFileSync(file, 'utf8').replace(/<script[\s\S]*?<\/script>/g, ''),
    ),
  );
  expect(offenders).toEqual([]);
});

test("the reference bundle leaves out Redoc's description loader, Prism's languages and lunr, and the search index its serialized form", () => {
  const scripts = allFiles(path.join(BUILD_DIR, 'assets', 'js')).filter((file) => file.endsWith('.js'));
  const redoc = scripts.filter((file) => readFileSync(file, 'utf8').includes('redoc-wrap'));
  expect(redoc.length).toBeGreaterThan(0);
  // @redocly/openapi-core's bundler and config (plugins/api-reference/redocSpecLoaderStub.js stands in).
  const withLoader = scripts.filter((file) =>
    /rootRedoclyConfigSchema|YAMLParseError/.test(readFileSync(file, 'utf8')),
  );
  expect(withLoader).toEqual([]);
  // Prism's language components (plugins/api-reference/redocPrismLanguageStub.js): of Prism's grammars only
  // its core's are defined; and lunr, for Redoc's search, is its stub (redocSearchStub.js).
  const grammars = redoc.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\.languages\.(\w+)=/g)].map(([, name]) => name),
  );
  expect(grammars).toContain('javascript');
  expect(new Set(grammars)).toEqual(
    new Set(['markup', 'html', 'mathml', 'svg', 'xml', 'ssml', 'atom', 'rss', 'css', 'clike', 'javascript', 'js']),
  );
  expect(redoc.filter((file) => readFileSync(file, 'utf8').includes('redocSearchStub.js')).length).toBe(1);
  // The search worker builds the lunr index from the documents (plugins/search-index).
  const index = JSON.parse(readFileSync(path.join(BUILD_DIR, 'search-index.json'), 'utf8')) as object[];
  expect(index.every((part) => Object.keys(part).join() === 'documents')).toBe(true);
});

test("Mermaid is served as its own prebuilt modules, not bundled into the site's scripts", () => {
  const vendor = readdirSync(BUILD_DIR).filter((name) => /^vendor$/.test(name));
  expect(vendor).toEqual(['vendor']);
  const [mermaidDir] = readdirSync(path.join(BUILD_DIR, 'vendor')).filter((name) => name.startsWith('mermaid-'));
  expect(readFileSync(path.join(BUILD_DIR, 'vendor', mermaidDir, 'mermaid.esm.min.mjs'), 'utf8')).toContain(
    'mermaidAPI',
  );
  const scripts = allFiles(path.join(BUILD_DIR, 'assets', 'js')).filter((file) => file.endsWith('.js'));
  expect(scripts.filter((file) => readFileSync(file, 'utf8').includes('mermaidAPI'))).toEqual([]);
});

/** okta-auth-js names itself and its version in every request it sends (`X-Okta-User-Agent-Extended`). */
const SIGN_IN_SDK = /okta-auth-js\/\d+\.\d+/;

test('the home page loads no file holding the sign-in SDK for an anonymous visitor', async ({ page }) => {
  const scripts = allFiles(path.join(BUILD_DIR, 'assets', 'js')).filter((file) => file.endsWith('.js'));
  // The SDK is in the build (and recognisable there): only on demand, for pages that need sign-in.
  expect(scripts.filter((file) => SIGN_IN_SDK.test(readFileSync(file, 'utf8'))).length).toBeGreaterThan(0);

  const loaded: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.ok()) loaded.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  await page.goto('/');
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(loaded.map(async ({ url, body }) => ({ url, text: await body })));
  expect(bodies.filter(({ url }) => url.endsWith('.js')).length).toBeGreaterThan(0);
  expect(bodies.filter(({ text }) => SIGN_IN_SDK.test(text)).map(({ url }) => url)).toEqual([]);
});

test('mark.js (search-term highlighting) is a chunk of its own, not in the bundle every page loads', () => {
  const scripts = allFiles(path.join(BUILD_DIR, 'assets', 'js')).filter((file) => file.endsWith('.js'));
  // mark.js names the attribute it sets on its elements.
  const withMarkJs = scripts.filter((file) => readFileSync(file, 'utf8').includes('data-markjs'));
  expect(withMarkJs.length).toBeGreaterThan(0);
  expect(withMarkJs.filter((file) => /[\\/]main\.[0-9a-f]+\.js$/.test(file))).toEqual([]);
});

/** What Ajv's compiled checks write in every error they report: in the Try it modules, and in no webpack chunk. */
const COMPILED_CHECK = 'schemaPath:"#/';

test('the Try it modules are standalone files behind the gate, not webpack chunks a docs page lists', () => {
  const modules = readdirSync(path.join(BUILD_DIR, 'docs', 'try-it')).filter((name) => name.endsWith('.js'));
  expect(modules).toContain('getAccount.js');
  expect(modules.length).toBeGreaterThan(30);
  const { files } = JSON.parse(readFileSync(path.join(BUILD_DIR, 'gate-manifest.json'), 'utf8')) as {
    files: Record<string, string>;
  };
  expect(modules.filter((name) => files[`docs/try-it/${name}`] !== 'protected')).toEqual([]);
  expect(readFileSync(path.join(BUILD_DIR, 'docs', 'try-it', 'getAccount.js'), 'utf8')).toContain(COMPILED_CHECK);
  // Imported through webpack, each would be a chunk, and every page's webpack runtime would list them all.
  const scripts = allFiles(path.join(BUILD_DIR, 'assets', 'js')).filter((file) => file.endsWith('.js'));
  expect(scripts.filter((file) => readFileSync(file, 'utf8').includes(COMPILED_CHECK))).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN_STATE });

  test('an endpoint page loads its Try it module only when the panel opens', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/docs/accounts-api/endpoints/get-account');
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(requested.filter((pathname) => pathname.startsWith('/docs/try-it/'))).toEqual([]);

    const module = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/docs/try-it/getAccount.js',
    );
    await page.getByRole('button', { name: 'Try it' }).click();
    expect((await module).status()).toBe(200);
    await expect(page.getByRole('form', { name: 'Request' })).toBeVisible();
  });
});

test('the search box (the local-search theme, with its worker client) is a chunk of its own, which an anonymous visit never loads', async ({
  page,
}) => {
  const scripts = allFiles(path.join(BUILD_DIR, 'assets', 'js')).filter((file) => file.endsWith('.js'));
  // Comlink, which the search box talks to its worker with, names its proxy marker.
  const withSearchClient = scripts.filter((file) => readFileSync(file, 'utf8').includes('Comlink.proxy'));
  expect(withSearchClient.length).toBeGreaterThan(0);
  expect(withSearchClient.filter((file) => /[\\/]main\.[0-9a-f]+\.js$/.test(file))).toEqual([]);

  const loaded: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.ok() && response.url().endsWith('.js'))
      loaded.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  await page.goto('/');
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(loaded.map(async ({ url, body }) => ({ url, text: await body })));
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter(({ text }) => text.includes('Comlink.proxy')).map(({ url }) => url)).toEqual([]);
});

test('no stylesheet has a :has() that only names elements (the browser restyles every such element on each insertion)', () => {
  // `div:has(> span > a)` made Chromium restyle every span and link of the reference each time it drew an
  // operation (30,000 invalidations on the orders page, a third of each background task). An argument whose last
  // part has a class, an attribute or an id is checked only when such an element comes or goes.
  const sheets = allFiles(path.join(BUILD_DIR, 'assets', 'css')).filter((file) => file.endsWith('.css'));
  expect(sheets.length).toBeGreaterThan(0);
  const hasArguments = sheets.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/:has\(((?:[^()]|\([^()]*\))*)\)/g)].map(([, argument]) => argument),
  );
  expect(hasArguments.length).toBeGreaterThan(0);
  const lastCompound = (argument: string) =>
    argument
      .trim()
      .split(/\s*[>+~\s]\s*/)
      .pop() ?? '';
  expect(hasArguments.filter((argument) => !/[.[#]/.test(lastCompound(argument)))).toEqual([]);
});
