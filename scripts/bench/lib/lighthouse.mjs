/**
 * Lighthouse (the project's `lighthouse` devDependency, run as its CLI in a child process) against a
 * Chromium that we start with a remote-debugging port and our own profile folder. For signed-in pages
 * the demo developer signs in through that same Chromium first (Playwright over CDP), and Lighthouse
 * runs with --disable-storage-reset so the tokens stay; the HTTP cache is cleared before every such
 * run instead, so each one is still a cold load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_EXECUTABLE } from '../../chromium.mjs';
import { onCleanup, run, start, stop, waitForUrl } from './processes.mjs';
import { signInOnPage } from '../signInOnce.mjs';
import { median } from './stats.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LIGHTHOUSE_CLI = join(PROJECT_ROOT, 'node_modules/lighthouse/cli/index.js');
export const LIGHTHOUSE_CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A Chromium with a remote-debugging port and a fresh profile; `close()` stops it and removes the profile. */
export async function launchDebuggableChromium(port) {
  const profile = mkdtempSync(join(tmpdir(), 'clearing-docs-bench-profile-'));
  const removeProfile = onCleanup(() =>
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }),
  );
  const child = start(
    CHROMIUM_EXECUTABLE,
    [...LIGHTHOUSE_CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { label: `Chromium (debugging port ${port})` },
  );
  await waitForUrl(`http://127.0.0.1:${port}/json/version`, { timeoutMs: 30_000, child });
  return {
    port,
    async close() {
      await stop(child);
      removeProfile();
    },
  };
}

async function overCdp(port, action) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    try {
      return await action(page, context);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** Signs the demo developer in, in that Chromium's own profile. */
export function signInOverCdp(port, site) {
  return overCdp(port, (page) => signInOnPage(page, site));
}

function clearHttpCache(port) {
  return overCdp(port, async (page, context) => {
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
  });
}

/**
 * Lighthouse's categories the bench reads. Performance varies from run to run; accessibility and best practices
 * are audits of what the page holds, the same in every run, and accessibility's scan takes most of a run on a large
 * page (23 of 35 s on `/api/orders-api`, whose Redoc draws some 14,000 elements): `ONCE_PER_PAGE` are run in the
 * first round only.
 */
export const EVERY_CATEGORY = ['performance', 'accessibility', 'best-practices'];
export const ONCE_PER_PAGE = ['accessibility', 'best-practices'];

/**
 * One Lighthouse run of `url` ('mobile' or 'desktop') for `categories`: { performance, accessibility,
 * bestPractices } as 0–100 scores, undefined for a category not run. `keepStorage` keeps the signed-in storage
 * (and clears the HTTP cache itself).
 */
export async function runLighthouse({
  url,
  port,
  formFactor,
  keepStorage,
  categories = EVERY_CATEGORY,
  timeoutMs = 180_000,
}) {
  if (keepStorage) await clearHttpCache(port);
  const outDir = mkdtempSync(join(tmpdir(), 'clearing-docs-bench-lh-'));
  const report = join(outDir, 'report.json');
  try {
    await run(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        `--port=${port}`,
        '--output=json',
        `--output-path=${report}`,
        `--only-categories=${categories.join(',')}`,
        '--quiet',
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
        ...(keepStorage ? ['--disable-storage-reset'] : []),
      ],
      { label: `Lighthouse ${formFactor} ${url}`, env: { CHROME_PATH: CHROMIUM_EXECUTABLE }, timeoutMs },
    );
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl);
    if (finalUrl.origin !== new URL(url).origin || finalUrl.pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse ${url} ended on ${lhr.finalDisplayedUrl} (sign-in lost?)`);
    const score = (id) => {
      const category = lhr.categories[id];
      if (!category) return undefined;
      return category.score === null ? NaN : Math.round(category.score * 100);
    };
    // What keeps a category below 100: the ids of its scored audits that did not pass (none when it was not run).
    const failing = (id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      totalBlockingMs: lhr.audits['total-blocking-time']?.numericValue,
      largestContentfulPaintMs: lhr.audits['largest-contentful-paint']?.numericValue,
      failingAudits: { accessibility: failing('accessibility'), bestPractices: failing('best-practices') },
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The figures of one page and form factor from its runs' `runLighthouse` samples: performance and the metrics as the
 * median of every run (with each run's performance), accessibility and best practices as the median of the runs that
 * audited them (one, in a full bench), and every audit that kept either below 100.
 */
export function lighthouseSummary(samples) {
  const of = (key) => samples.map((sample) => sample[key]).filter((value) => value !== undefined);
  const medianOf = (key) => {
    const values = of(key);
    return values.length > 0 ? median(values) : undefined;
  };
  return {
    runs: samples.length,
    performance: medianOf('performance'),
    performanceRuns: of('performance'),
    accessibility: medianOf('accessibility'),
    accessibilityRuns: of('accessibility').length,
    bestPractices: medianOf('bestPractices'),
    totalBlockingMs: medianOf('totalBlockingMs'),
    largestContentfulPaintMs: medianOf('largestContentfulPaintMs'),
    failingAudits: [
      ...new Set(
        samples.flatMap((sample) => [...sample.failingAudits.accessibility, ...sample.failingAudits.bestPractices]),
      ),
    ],
  };
}
