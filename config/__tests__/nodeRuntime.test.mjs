// @ts-check
// The Node version guard (config/nodeRuntime.mjs): its rule, that this run is on the pinned Node, and that
// every entry point stops on another major version before doing anything.
// Run: node --test config/__tests__/
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { assertPinnedNode, nodeVersionProblem, PINNED_NODE_VERSION } from '../nodeRuntime.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('the pinned version is the exact `node` development dependency, within what engines.node promises', () => {
  const { devDependencies, engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(PINNED_NODE_VERSION, devDependencies.node);
  assert.match(PINNED_NODE_VERSION, /^24\.\d+\.\d+$/);
  // engines.node is `^<floor>` on the pinned major, and the pinned version is at or above the floor.
  const floor = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(engines.node)?.slice(1).map(Number);
  const pinned = PINNED_NODE_VERSION.split('.').map(Number);
  assert.ok(floor, `engines.node "${engines.node}" is not ^major.minor.patch`);
  assert.equal(floor[0], pinned[0]);
  assert.ok(floor[1] < pinned[1] || (floor[1] === pinned[1] && floor[2] <= pinned[2]), engines.node);
});

test('this test run is on the pinned Node (npm test and node --test run node_modules/.bin/node)', () => {
  assert.equal(nodeVersionProblem(process.versions.node), null);
  assert.equal(process.versions.node.split('.')[0], PINNED_NODE_VERSION.split('.')[0]);
});

test('any version of the pinned major passes; every other major is refused with both versions named', () => {
  /** @type {Array<[string, boolean]>} */
  const cases = [
    ['24.21.0', true],
    ['24.0.0', true],
    ['v24.30.1', true],
    ['20.20.2', false],
    ['22.12.0', false],
    ['23.11.0', false],
    ['25.0.0', false],
    ['4.2.0', false],
    ['', false],
  ];
  for (const [running, ok] of cases) {
    const problem = nodeVersionProblem(running, '24.21.0');
    if (ok) assert.equal(problem, null, running);
    else {
      assert.ok(problem?.includes('Node 24 (package.json pins node 24.21.0)'), `${running}: ${problem}`);
      assert.ok(problem?.includes(`this is Node ${running}.`), `${running}: ${problem}`);
      assert.ok(problem?.includes('npm ci'), `${running}: ${problem}`);
    }
  }
});

test('a pin that is not an exact version is itself a problem', () => {
  for (const pinned of ['', '^24', '>=24', 'latest']) {
    assert.match(nodeVersionProblem('24.21.0', pinned) ?? '', /pins no Node version/, pinned);
  }
});

test('assertPinnedNode throws on another major version and returns on the pinned one', () => {
  assert.throws(() => assertPinnedNode('20.20.2'), /this is Node 20\.20\.2\./);
  assert.doesNotThrow(() => assertPinnedNode(PINNED_NODE_VERSION));
});

/**
 * Runs `args` on this Node with process.versions.node made to read `version`, from the project root.
 * @param {string} version
 * @param {string[]} args
 */
function runAs(version, args) {
  const preload = `data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"${version}"}})`;
  return spawnSync(process.execPath, ['--import', preload, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, OIDC_ISSUER: 'http://localhost:1', IDP_PORT: '1' },
  });
}

/** @param {string} file */
const loadWithJiti = (file) => [
  '-e',
  `require('jiti')(process.cwd() + '/', { interopDefault: true })(${JSON.stringify(file)})`,
];

/** @type {Array<[string, string[]]>} */
const ENTRY_POINTS = [
  ['the production server', ['server/cli.mjs', '--dir', 'build', '--port', '0']],
  ['the identity provider', ['dev/idp/cli.mjs']],
  ['npm start / npm run serve', ['scripts/run-with-idp.mjs', 'start']],
  ['the test build', ['scripts/build-for-tests.mjs']],
  ['the precompression step', ['plugins/precompress/cli.mjs', 'build']],
  ['the benchmark', ['scripts/bench/run.mjs']],
  ['the reference benchmark', ['scripts/bench/reference.mjs', 'http://localhost:1', '/api']],
  ['the mock servers', ['scripts/mock.mjs']],
  ['the OpenAPI lint', ['scripts/lint-openapi.mjs']],
  ['the docs check', ['scripts/check-mdx.mjs', 'docs/does-not-exist.mdx']],
  ['the type check and format check', ['config/nodeRuntime.mjs']],
  ['ESLint', ['-e', "import('./eslint.config.mjs')"]],
  ['Jest', ['-e', "require('./jest.config.js')"]],
  ['the Docusaurus build and dev server', loadWithJiti('./docusaurus.config.ts')],
  ['Playwright', loadWithJiti('./playwright.config.ts')],
];

for (const [name, args] of ENTRY_POINTS) {
  test(`${name} stops on Node 20 with the reason (${args.join(' ')})`, () => {
    const result = runAs('20.20.2', args);
    assert.notEqual(result.status, 0, result.stdout);
    assert.match(
      result.stderr,
      /This project runs on Node 24 \(package\.json pins node 24\.\d+\.\d+\), but this is Node 20\.20\.2\./,
    );
  });
}

test('the guard alone passes on this Node (`node config/nodeRuntime.mjs`, run before tsc and Prettier)', () => {
  const result = spawnSync(process.execPath, ['config/nodeRuntime.mjs'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
});
