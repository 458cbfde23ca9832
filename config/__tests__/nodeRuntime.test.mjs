// @ts-check
// The Node version guard (config/nodeRuntime.mjs): its rule, that this run is on the pinned Node, and that
// every entry point stops on another major version before doing anything.
// Run: node --test config/__tests__/nodeRuntime.test.mjs (npm run test:node)
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { assertPinnedNode, NODE_MAJOR, nodeVersionProblem } from '../nodeRuntime.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { devDependencies, engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const REFUSAL = new RegExp(
  `This project runs on Node ${NODE_MAJOR} \\(the \`node\` development dependency in package\\.json\\), but this is Node 20\\.20\\.2\\.`,
);

test('package.json pins an exact Node of the guarded major, and engines.node admits it and no other major', () => {
  const pinned = /^(\d+)\.(\d+)\.(\d+)$/.exec(devDependencies.node)?.slice(1).map(Number);
  assert.ok(pinned, `devDependencies.node "${devDependencies.node}" is not an exact version`);
  assert.equal(pinned[0], NODE_MAJOR);
  const floor = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(engines.node)?.slice(1).map(Number);
  assert.ok(floor, `engines.node "${engines.node}" is not ^major.minor.patch`);
  assert.equal(floor[0], NODE_MAJOR);
  assert.ok(floor[1] < pinned[1] || (floor[1] === pinned[1] && floor[2] <= pinned[2]), engines.node);
});

test('this test run is on the pinned Node (npm test and node --test run node_modules/.bin/node)', () => {
  assert.equal(nodeVersionProblem(process.versions.node), null);
  assert.equal(process.versions.node, devDependencies.node);
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
    const problem = nodeVersionProblem(running, 24);
    if (ok) assert.equal(problem, null, running);
    else {
      assert.ok(problem?.includes('This project runs on Node 24 '), `${running}: ${problem}`);
      assert.ok(problem?.includes(`this is Node ${running}.`), `${running}: ${problem}`);
      assert.ok(problem?.includes('npm ci'), `${running}: ${problem}`);
    }
  }
});

test('assertPinnedNode throws on another major version and returns on the pinned one', () => {
  assert.throws(() => assertPinnedNode('20.20.2'), REFUSAL);
  assert.doesNotThrow(() => assertPinnedNode(devDependencies.node));
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
  ['the Worker on workerd', ['scripts/worker-site.mjs', '--dir', 'build', '--port', '0']],
  ['the identity provider', ['dev/idp/cli.mjs']],
  ['npm start / npm run serve', ['scripts/run-with-idp.mjs', 'start']],
  ['the test build', ['scripts/build-for-tests.mjs']],
  ['the precompression step', ['plugins/precompress/cli.mjs', 'build']],
  ['the benchmark', ['scripts/bench/run.mjs']],
  ['the reference benchmark', ['scripts/bench/reference.mjs', 'http://localhost:1', '/api']],
  ['the mock servers', ['scripts/mock.mjs']],
  ['the local sandbox', ['sandbox/cli.mjs']],
  ['the sandbox benchmark', ['scripts/bench/sandbox.mjs']],
  ['the OpenAPI lint', ['scripts/lint-openapi.mjs']],
  ['the docs check', ['scripts/check-mdx.mjs', 'docs/does-not-exist.mdx']],
  ['the docs check for writers', ['scripts/check-docs.mjs', 'docs/does-not-exist.mdx']],
  ['the type check and format check', ['scripts/check-node.mjs']],
  ['ESLint', ['-e', "import('./eslint.config.mjs')"]],
  ['Jest', ['-e', "require('./jest.config.js')"]],
  ['the Docusaurus build and dev server', loadWithJiti('./docusaurus.config.ts')],
  ['Playwright', loadWithJiti('./playwright.config.ts')],
  ['Playwright at a base URL', loadWithJiti('./playwright.base-url.config.ts')],
];

for (const [name, args] of ENTRY_POINTS) {
  test(`${name} stops on Node 20 with the reason (${args.join(' ')})`, () => {
    const result = runAs('20.20.2', args);
    assert.notEqual(result.status, 0, result.stdout);
    assert.match(result.stderr, REFUSAL);
  });
}

test('the check alone passes on this Node (`node scripts/check-node.mjs`, run before tsc and Prettier)', () => {
  const result = spawnSync(process.execPath, ['scripts/check-node.mjs'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
});
