import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BUILD_DIR, LEAK_CANARY, SITE_ORIGIN, WORKER_ORIGIN } from './environment.mjs';
import { expect, idTokenCookie, test } from './fixtures';
import { signInAsAssistant } from './mcpClient';

/**
 * Every file of the test build, fetched through the gate as a crawler would: anonymously, no response
 * may hold the canary sentence (tests/e2e/leakCanary.config.ts) and every public page must still work;
 * signed in, with the ID token the development provider issued, every file is served and the canary is
 * found. Once on Node (the server the other specs use) and once on workerd (the Cloudflare Worker).
 */

interface Manifest {
  readonly files: Record<string, 'public' | 'protected'>;
  readonly shell: string;
}

const MANIFEST_FILE = 'gate-manifest.json';
const manifest = JSON.parse(readFileSync(path.join(BUILD_DIR, MANIFEST_FILE), 'utf8')) as Manifest;
const BUILD_FILES = readdirSync(BUILD_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(BUILD_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  .sort();
const SHELL_TEXT = readFileSync(path.join(BUILD_DIR, manifest.shell), 'utf8');

/** The class of a file, as the gate decides it: a precompressed variant is what its original is. */
function classOf(file: string): 'public' | 'protected' | 'manifest' {
  const original = file.replace(/\.(br|gz)$/, '');
  if (original === MANIFEST_FILE) return 'manifest';
  return manifest.files[file] ?? manifest.files[original] ?? 'protected';
}

/** The route of a page file: `docs/a/index.html` → `/docs/a/`. */
function routeOf(file: string): string | undefined {
  if (!file.endsWith('.html') || file === '404.html') return undefined;
  return `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
}

/** The body as text, decompressed when the file itself is a .br or .gz variant. */
function bodyText(file: string, bytes: Buffer): string {
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('utf8');
  if (file.endsWith('.gz')) return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

interface Fetched {
  readonly url: string;
  readonly status: number;
  readonly text: string;
}

/** Fetches every path, eight at a time, without decoding: what the server sends is what is scanned. */
async function crawl(origin: string, paths: string[], cookie?: string): Promise<Fetched[]> {
  const results: Fetched[] = [];
  let next = 0;
  async function worker() {
    while (next < paths.length) {
      const urlPath = paths[next++];
      const response = await fetch(new URL(urlPath, origin), {
        headers: { 'Accept-Encoding': 'identity', ...(cookie ? { Cookie: cookie } : {}) },
        redirect: 'manual',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const file = decodeURIComponent(urlPath);
      results.push({
        url: urlPath,
        status: response.status,
        text: response.ok ? bodyText(file, bytes) : bytes.toString(),
      });
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  return results.sort((a, b) => a.url.localeCompare(b.url));
}

/** Every file by its own path, and every page by its route too (as a reader's browser asks for it). */
const urlPathOf = (file: string) => `/${file.split('/').map(encodeURIComponent).join('/')}`;
const FILE_PATHS = BUILD_FILES.map(urlPathOf);
const PAGE_ROUTES = BUILD_FILES.filter((file) => file !== manifest.shell)
  .map(routeOf)
  .filter((route): route is string => route !== undefined);

/**
 * The targets, and which build files each one has: Cloudflare gets the build without what its
 * `.assetsignore` names (the precompressed variants: the edge compresses itself), nor that file itself.
 */
const TARGETS = [
  { name: 'Node', has: () => true, start: async () => ({ url: SITE_ORIGIN, close: async () => undefined }) },
  {
    name: 'workerd',
    has: (file: string) => !/\.(br|gz)$/.test(file) && file !== '.assetsignore',
    // Started by playwright.config.ts (scripts/worker-site.mjs), with the same build.
    start: async () => ({ url: WORKER_ORIGIN, close: async () => undefined }),
  },
] as const;

test('the build has public and protected files, and the canary is in it', () => {
  const counts = { public: 0, protected: 0, manifest: 0 };
  for (const file of BUILD_FILES) counts[classOf(file)] += 1;
  test
    .info()
    .annotations.push({ type: 'build files', description: JSON.stringify({ files: BUILD_FILES.length, ...counts }) });
  expect(counts.public).toBeGreaterThan(50);
  expect(counts.protected).toBeGreaterThan(100);
  const holdingCanary = BUILD_FILES.filter(
    (file) => !/\.(br|gz)$/.test(file) && readFileSync(path.join(BUILD_DIR, file), 'utf8').includes(LEAK_CANARY),
  );
  // The docs page, its chunk, the description's route data, the search index, the page's Markdown and the llms files,
  // in each docs version (v2's page, its Markdown and v2's llms files too).
  expect(holdingCanary.length).toBeGreaterThanOrEqual(11);
  expect(holdingCanary).toEqual(
    expect.arrayContaining([
      'docs/trading-api/equity/single-equity-order.md',
      'llms-full.txt',
      'llms-trading-api.txt',
      'docs/v2/trading-api/equity/single-equity-order/index.html',
      'docs/v2/trading-api/equity/single-equity-order.md',
      'llms-v2-full.txt',
      'llms-v2-trading-api.txt',
    ]),
  );
  expect(holdingCanary.every((file) => classOf(file) === 'protected')).toBe(true);
});

/** The MCP calls that would return the canary page's text, or a part of it, to whoever may make them. */
const CANARY_PAGE = '/docs/trading-api/equity/single-equity-order';
const MCP_CALLS = [
  { method: 'tools/list' },
  { method: 'resources/list' },
  { method: 'resources/read', params: { uri: `docs:/${CANARY_PAGE}` } },
  { method: 'tools/call', params: { name: 'read_page', arguments: { page: CANARY_PAGE } } },
  { method: 'tools/call', params: { name: 'read_page', arguments: { page: CANARY_PAGE, part: 2 } } },
  { method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'Leak canary partners only' } } },
  { method: 'tools/call', params: { name: 'get_operation', arguments: { operationId: 'placeEquityOrder' } } },
  // The same page in v2 (the preview), by its path, and a search of v2's index.
  {
    method: 'tools/call',
    params: { name: 'read_page', arguments: { page: `/docs/v2${CANARY_PAGE.slice(5)}`, part: 2 } },
  },
  {
    method: 'tools/call',
    params: { name: 'search_docs', arguments: { query: 'Leak canary partners only', version: 'v2' } },
  },
];

/** Each MCP call, sent alone to `<origin>/mcp` with `authorization` (if any) and `cookie` (if any). */
async function callMcp(origin: string, { authorization, cookie }: { authorization?: string; cookie?: string } = {}) {
  return Promise.all(
    MCP_CALLS.map(async (message, id) => {
      const response = await fetch(new URL('/mcp', origin), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...(authorization ? { Authorization: authorization } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, ...message }),
      });
      return { call: JSON.stringify(message), status: response.status, text: await response.text() };
    }),
  );
}

for (const target of TARGETS) {
  test.describe(`crawl through the gate on ${target.name}`, () => {
    let site: { url: string; close: () => Promise<void> };
    test.beforeAll(async () => {
      site = await target.start();
    });
    test.afterAll(async () => site?.close());

    test('anonymously: no response holds the canary, public files are served, protected ones refused', async () => {
      const fetched = await crawl(site.url, [...FILE_PATHS, ...PAGE_ROUTES]);
      const leaks = fetched.filter(({ text }) => text.includes(LEAK_CANARY)).map(({ url }) => url);
      expect(leaks).toEqual([]);

      const byPath = new Map(fetched.map((result) => [result.url, result]));
      const wrong: string[] = [];
      for (const file of BUILD_FILES) {
        const { status } = byPath.get(urlPathOf(file))!;
        // A file the target does not have is missing (404), or unknowable under a protected path (401).
        const expected = target.has(file)
          ? [{ public: 200, protected: 401, manifest: 404 }[classOf(file)]]
          : [401, 404];
        if (!expected.includes(status)) wrong.push(`${file}: ${status}, expected ${expected.join(' or ')}`);
      }
      for (const route of PAGE_ROUTES) {
        const file = BUILD_FILES.find((candidate) => routeOf(candidate) === route)!;
        const { status, text } = byPath.get(route)!;
        if (classOf(file) === 'public' && (status !== 200 || text === SHELL_TEXT)) wrong.push(`${route}: not the page`);
        if (classOf(file) === 'protected' && (status !== 401 || text !== SHELL_TEXT))
          wrong.push(`${route}: not the shell`);
      }
      expect(wrong).toEqual([]);
      const counts = { requests: fetched.length, public: 0, refused: 0 };
      for (const { status } of fetched) {
        if (status === 200) counts.public += 1;
        if (status === 401) counts.refused += 1;
      }
      test.info().annotations.push({
        type: `anonymous crawl on ${target.name}`,
        description: JSON.stringify({ ...counts, leaks: leaks.length }),
      });
    });

    test("the MCP server: refused without an access token for it (none, the reader's cookie, the ID token)", async () => {
      const cookie = idTokenCookie();
      const idToken = cookie.slice(cookie.indexOf('=') + 1);
      const answers = [
        ...(await callMcp(site.url)),
        ...(await callMcp(site.url, { cookie })),
        ...(await callMcp(site.url, { authorization: `Bearer ${idToken}` })),
      ];
      expect(answers.filter(({ status }) => status !== 401).map(({ call, status }) => `${call}: ${status}`)).toEqual(
        [],
      );
      expect(answers.filter(({ text }) => text.includes(LEAK_CANARY) || /single equity order/i.test(text))).toEqual([]);
    });

    test('the MCP server: an access token issued for it reads the canary page', async ({ page }) => {
      const tokens = await signInAsAssistant(page, `${SITE_ORIGIN}/mcp`);
      const answers = await callMcp(site.url, { authorization: `Bearer ${tokens.access_token}` });
      expect(answers.map(({ status }) => status)).toEqual(MCP_CALLS.map(() => 200));
      // The page as a resource, the second part of its Markdown (the canary sits at its end), and a search for it;
      // in v2 too.
      expect(answers.filter(({ text }) => text.includes(LEAK_CANARY)).map(({ call }) => call)).toEqual(
        [MCP_CALLS[2], MCP_CALLS[4], MCP_CALLS[5], MCP_CALLS[7], MCP_CALLS[8]].map((call) => JSON.stringify(call)),
      );
    });

    test('signed in: every file is served and the canary is found', async () => {
      const fetched = await crawl(
        site.url,
        BUILD_FILES.filter((file) => target.has(file)).map(urlPathOf),
        idTokenCookie(),
      );
      const notServed = fetched
        .filter(({ url, status }) => status !== 200 && classOf(decodeURIComponent(url.slice(1))) !== 'manifest')
        .map(({ url, status }) => `${url}: ${status}`);
      expect(notServed).toEqual([]);
      const withCanary = fetched.filter(({ text }) => text.includes(LEAK_CANARY)).map(({ url }) => url);
      expect(withCanary).toEqual(
        expect.arrayContaining([
          '/docs/trading-api/equity/single-equity-order/index.html',
          '/search-index.json',
          // The page's Markdown, and the llms files that gather it (plugins/page-markdown).
          '/docs/trading-api/equity/single-equity-order.md',
          '/llms-full.txt',
          '/llms-trading-api.txt',
          // The same page of v2, and v2's.
          '/docs/v2/trading-api/equity/single-equity-order/index.html',
          '/docs/v2/trading-api/equity/single-equity-order.md',
          '/llms-v2-full.txt',
          '/llms-v2-trading-api.txt',
        ]),
      );
      test.info().annotations.push({
        type: `signed-in crawl on ${target.name}`,
        description: JSON.stringify({ requests: fetched.length, withCanary: withCanary.length }),
      });
    });
  });
}
