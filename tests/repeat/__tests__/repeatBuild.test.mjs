// Builds that repeat (issue 45): two builds of one commit are the same byte for byte, so a deploy of unchanged
// content changes no asset name and a CDN keeps its cache. `npm test` runs this right after the production build of
// the browser tests: it builds the same site again (the second time with the first build's caches in place: rspack's
// persistent cache and the built pages' facts) into build-e2e-again/ and compares every file. Run alone, it makes the
// first build too. Then a description edit, built with those caches, must reach the docs page that embeds it.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BUILD_DIR } from '../../e2e/environment.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const AGAIN_DIR = 'build-e2e-again';
const EDITED_DIR = 'build-e2e-edited';
/** A description the Accounts API's balance summary page shows (its 200 response), and the edit made to it. */
const DESCRIPTION_FILE = path.join(ROOT, 'openapi', 'accounts.yaml');
const SHOWN = 'description: The balances of the account.';
const EDITED = 'description: The balances of the account, as a writer just edited them.';
const EMBEDDING_PAGE = 'docs/accounts-api/endpoints/balance-summary/index.html';
/** A build on a busy 2-core machine takes one to three minutes; ten is a build that hangs. */
const BUILD_TIMEOUT_MS = 10 * 60_000;

function build(outDir) {
  const result = spawnSync(process.execPath, ['scripts/build-for-tests.mjs', `--out-dir=${outDir}`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  assert.equal(result.status, 0, `the build into ${outDir}/ failed:\n${result.stderr?.slice(-4000)}`);
}

/** Every file of a build, by its path inside it, with the SHA-256 of its bytes. */
function fileHashes(dir) {
  const root = path.join(ROOT, dir);
  return new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(root, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
      }),
  );
}

/** Where two versions of a text file part, with some context, for the message. */
function firstDifference(file) {
  if (/\.(br|gz)$/.test(file)) return `${file} (compressed)`;
  const [a, b] = [BUILD_DIR, AGAIN_DIR].map((dir) => readFileSync(path.join(ROOT, dir, file), 'latin1'));
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  const around = (text) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return `${file} at byte ${at}: ${around(a)} / ${around(b)}`;
}

/** The commit the browser tests' build was made from, if there is one. */
function commitOfBuild() {
  const file = path.join(ROOT, BUILD_DIR, 'health.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).commit : undefined;
}

const head = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();

before(() => {
  if (commitOfBuild() !== head()) build(BUILD_DIR);
  rmSync(path.join(ROOT, AGAIN_DIR), { recursive: true, force: true });
  build(AGAIN_DIR);
});

after(() => {
  for (const dir of [AGAIN_DIR, EDITED_DIR]) rmSync(path.join(ROOT, dir), { recursive: true, force: true });
});

test('two builds of one commit hold the same files, byte for byte', () => {
  const [first, second] = [fileHashes(BUILD_DIR), fileHashes(AGAIN_DIR)];
  assert.ok(first.size > 1000, `the build has ${first.size} files: too few to be the site`);
  const onlyFirst = [...first.keys()].filter((file) => !second.has(file));
  const onlySecond = [...second.keys()].filter((file) => !first.has(file));
  const differing = [...first.keys()]
    .filter((file) => second.has(file) && first.get(file) !== second.get(file))
    // The files themselves first: a compressed copy differs because its file does.
    .sort((a, b) => Number(/\.(br|gz)$/.test(a)) - Number(/\.(br|gz)$/.test(b)) || a.localeCompare(b));
  assert.deepEqual(
    { onlyInTheFirst: onlyFirst.slice(0, 20), onlyInTheSecond: onlySecond.slice(0, 20), differing: differing.length },
    { onlyInTheFirst: [], onlyInTheSecond: [], differing: 0 },
    `files that differ (of ${first.size}):\n${differing.slice(0, 20).map(firstDifference).join('\n')}\n` +
      `(${BUILD_DIR}/ is the browser tests' build: made before an uncommitted change, it differs for that reason.)`,
  );
});

test("the build time is the commit's time, and /health.json says so", () => {
  const health = JSON.parse(readFileSync(path.join(ROOT, BUILD_DIR, 'health.json'), 'utf8'));
  if (process.env.SOURCE_DATE_EPOCH) {
    assert.equal(health.builtAtFrom, 'SOURCE_DATE_EPOCH');
    assert.equal(health.builtAt, new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString());
    return;
  }
  const [commit, seconds] = execFileSync('git', ['show', '-s', '--format=%H %ct', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split(' ');
  assert.deepEqual(
    { commit: health.commit, builtAt: health.builtAt, builtAtFrom: health.builtAtFrom },
    { commit, builtAt: new Date(Number(seconds) * 1000).toISOString(), builtAtFrom: 'commit' },
  );
});

test('a description edit reaches the docs page that embeds it in a build from the caches of the one before', () => {
  const original = readFileSync(DESCRIPTION_FILE, 'utf8');
  assert.equal(original.split(SHOWN).length, 2, `${SHOWN} is no longer in openapi/accounts.yaml once: pick another`);
  const shown = (dir) => readFileSync(path.join(ROOT, dir, EMBEDDING_PAGE), 'utf8');
  assert.match(shown(AGAIN_DIR), /The balances of the account\./);
  try {
    writeFileSync(DESCRIPTION_FILE, original.replace(SHOWN, EDITED));
    build(EDITED_DIR);
  } finally {
    writeFileSync(DESCRIPTION_FILE, original);
  }
  // rspack's cache holds the page as compiled from the description before: the page dependencies make it compile
  // again (plugins/remark-api-reference/pageDependenciesPlugin.ts).
  assert.match(shown(EDITED_DIR), /The balances of the account, as a writer just edited them\./);
  assert.doesNotMatch(shown(EDITED_DIR), /The balances of the account\./);
});
