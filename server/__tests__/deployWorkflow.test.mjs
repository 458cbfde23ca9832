// @ts-check
// The Cloudflare deploy workflow (.github/workflows/deploy-cloudflare.yml) and the files it relies on: a
// workflow cannot run here, so its structure is checked instead. Every build setting it passes is one of
// .env.example's, the Cloudflare credentials come from secrets only, the tests pass before anything is
// built or deployed, the build runs before the deploy, and wrangler.toml deploys the directory `npm run
// build` writes.
// Run: node --test server/__tests__/deployWorkflow.test.mjs
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { parse as parseToml } from 'smol-toml';
import { parseDocument } from 'yaml';

import { readWorkerConfig } from './workerSite.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKFLOW_FILE = path.join(ROOT, '.github/workflows/deploy-cloudflare.yml');
/** Settings of .env.example a production build does without. */
const NOT_PASSED = new Set([
  'OIDC_DEBUG', // off in a production build unless set
  'OIDC_CLIENT_SECRET', // the site is a public client: the build warns about it and ignores it
]);
const CLOUDFLARE_SECRETS = ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'];
/** Contexts a workflow expression may read (https://docs.github.com/actions/learn-github-actions/contexts). */
const CONTEXTS = [
  'github',
  'env',
  'vars',
  'secrets',
  'job',
  'jobs',
  'steps',
  'runner',
  'strategy',
  'matrix',
  'needs',
  'inputs',
];

/**
 * @typedef {{ name?: string, uses?: string, run?: string, with?: Record<string, unknown>, env?: Record<string, string> }} Step
 * @typedef {{ 'runs-on': string, container?: string, needs?: string | string[], env?: Record<string, string>, steps: Step[] }} Job
 * @typedef {{ on: Record<string, unknown>, permissions: unknown, concurrency: { group: string }, env?: Record<string, string>, jobs: Record<string, Job> }} Workflow
 */

/** @type {string} */
let source;
/** @type {Workflow} */
let workflow;
/** @type {Job} the job that deploys */
let job;
/** @type {Job} the job that runs the tests */
let testJob;

before(async () => {
  source = await readFile(WORKFLOW_FILE, 'utf8');
  const document = parseDocument(source, { prettyErrors: true });
  assert.deepEqual([...document.errors, ...document.warnings].map(String), [], 'the workflow is valid YAML');
  workflow = /** @type {Workflow} */ (document.toJS());
  assert.deepEqual(Object.keys(workflow.jobs ?? {}).sort(), ['deploy', 'test'], 'a test job and a deploy job');
  ({ deploy: job, test: testJob } = workflow.jobs);
});

/** @param {(step: Step) => boolean} predicate @param {string} what */
function stepIndex(predicate, what) {
  const index = job.steps.findIndex(predicate);
  assert.ok(index >= 0, `no step ${what}`);
  return index;
}

/** Every `${{ … }}` of the file, with the text between. */
function expressions() {
  return [...source.matchAll(/\$\{\{(.*?)\}\}/g)].map((match) => match[1].trim());
}

describe('triggers and permissions', () => {
  test('runs on a push to main and by hand', () => {
    assert.deepEqual(workflow.on.push, { branches: ['main'] });
    assert.ok('workflow_dispatch' in workflow.on);
  });

  test('reads the repository only', () => {
    assert.deepEqual(workflow.permissions, { contents: 'read' });
  });

  test('deploys one at a time, never cutting one off', () => {
    assert.equal(typeof workflow.concurrency?.group, 'string');
    assert.equal(/** @type {{ 'cancel-in-progress'?: boolean }} */ (workflow.concurrency)['cancel-in-progress'], false);
  });
});

describe('the tests', () => {
  test('the deploy job waits for the test job: a failing test deploys nothing', () => {
    assert.deepEqual([job.needs].flat(), ['test']);
  });

  test('the test job runs npm test as CI does (.ci/run), without settings or secrets', async () => {
    assert.deepEqual(
      testJob.steps.map((step) => step.uses?.replace(/@.*/, '') ?? step.run?.trim()),
      ['actions/checkout', 'bash .ci/run'],
    );
    assert.match(await readFile(path.join(ROOT, '.ci/run'), 'utf8'), /^npm test$/m);
    assert.deepEqual(testJob.env, { CI: 'true' });
    assert.ok(!JSON.stringify(testJob).includes('secrets.'));
  });

  test('the test job’s container runs the Node major the project pins', async () => {
    const { engines } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    const major = /^\^?(\d+)\./.exec(engines.node)?.[1];
    assert.equal(testJob.container, `node:${major}-bookworm`);
  });
});

describe('steps', () => {
  test("checkout, the project's Node (package.json engines) with the npm cache, npm ci, build, deploy: in that order", () => {
    const checkout = stepIndex((step) => step.uses?.startsWith('actions/checkout@') ?? false, 'checking out');
    const node = stepIndex((step) => step.uses?.startsWith('actions/setup-node@') ?? false, 'setting up Node');
    // setup-node reads engines.node, so npm runs on the major the build runs on (the pinned node dev dependency).
    assert.equal(job.steps[node].with?.['node-version-file'], 'package.json');
    assert.equal(job.steps[node].with?.['node-version'], undefined);
    assert.equal(job.steps[node].with?.cache, 'npm');
    const install = stepIndex((step) => step.run?.trim() === 'npm ci', 'running npm ci');
    const build = stepIndex((step) => step.run?.trim() === 'npm run build', 'running npm run build');
    const deploy = stepIndex((step) => /\bwrangler@4 deploy\b/.test(step.run ?? ''), 'running wrangler deploy');
    const order = [checkout, node, install, build, deploy];
    assert.ok(
      order.every((index, position) => position === 0 || order[position - 1] < index),
      `steps out of order: ${order}`,
    );
    assert.equal(deploy, job.steps.length - 1, 'nothing runs after the deploy');
  });

  test('the Cloudflare credentials are secrets, given to the deploy step alone', () => {
    const deploy = job.steps.find((step) => /\bwrangler@4 deploy\b/.test(step.run ?? ''));
    for (const name of CLOUDFLARE_SECRETS) {
      assert.equal(deploy?.env?.[name], `\${{ secrets.${name} }}`, name);
    }
    for (const step of job.steps.filter((other) => other !== deploy)) {
      assert.ok(!JSON.stringify(step).includes('secrets.'), `${step.name ?? step.uses ?? step.run} sees a secret`);
    }
    assert.ok(!JSON.stringify(job.env ?? {}).includes('secrets.'), 'the job-wide env holds a secret');
  });

  test('no credential is written into the file', () => {
    /** @type {Record<string, string>[]} */
    const envs = [workflow.env ?? {}, job.env ?? {}, ...job.steps.map((step) => step.env ?? {})];
    for (const env of envs) {
      for (const [name, value] of Object.entries(env)) {
        if (!/TOKEN|SECRET|PASSWORD|KEY|ACCOUNT_ID/i.test(name)) continue;
        assert.match(String(value), /^\$\{\{ secrets\.[A-Z0-9_]+ \}\}$/, `${name} is not read from secrets`);
      }
    }
  });
});

describe('the build settings', () => {
  /** @type {string[]} */
  let documented;
  before(async () => {
    const example = await readFile(path.join(ROOT, '.env.example'), 'utf8');
    documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
  });

  test('every setting of .env.example is passed from a repository variable of the same name', () => {
    const passed = job.env ?? {};
    for (const key of documented.filter((name) => !NOT_PASSED.has(name))) {
      assert.equal(passed[key], `\${{ vars.${key} }}`, `${key} is not passed to the build`);
    }
  });

  test('nothing else is passed, and no setting the build ignores', () => {
    for (const key of Object.keys(job.env ?? {})) {
      assert.ok(documented.includes(key), `${key} is not a setting of .env.example`);
      assert.ok(!NOT_PASSED.has(key), `${key} should not be passed`);
    }
  });
});

describe('expressions', () => {
  test('every ${{ opens and closes once, around an expression', () => {
    const opened = source.split('${{').length - 1;
    assert.equal(expressions().length, opened, 'an unclosed ${{');
    assert.equal(source.replace(/\$\{\{.*?\}\}/g, '').includes('}}'), false, 'a }} without its ${{');
    for (const expression of expressions()) {
      assert.ok(expression.length > 0, 'an empty ${{ }}');
      assert.ok(!expression.includes('${{'), `nested: ${expression}`);
    }
  });

  test('every expression reads a known context', () => {
    for (const expression of expressions()) {
      const context = expression.match(/^[a-z_]+/)?.[0];
      assert.ok(context && CONTEXTS.includes(context), `unknown context in \${{ ${expression} }}`);
    }
  });
});

describe('wrangler.toml', () => {
  test('deploys the directory npm run build writes', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    // Docusaurus writes build/ unless told otherwise; the precompress step is given the same directory.
    assert.ok(!/--out-dir/.test(scripts.build), 'the build script moves the output directory');
    assert.match(scripts.build, /\bplugins\/precompress\/cli\.mjs build$/);
    const config = await readWorkerConfig();
    assert.equal(path.normalize(config.assets.directory), 'build');
  });

  test('sends every request through the Worker, and names an entry that exists', async () => {
    const config = await readWorkerConfig();
    assert.equal(config.assets.runWorkerFirst, true);
    assert.equal(config.assets.htmlHandling, 'none');
    assert.equal(config.assets.notFoundHandling, 'none');
    await readFile(path.join(ROOT, config.main));
    const raw = parseToml(await readFile(path.join(ROOT, 'wrangler.toml'), 'utf8'));
    assert.equal(typeof raw.name, 'string');
  });
});
