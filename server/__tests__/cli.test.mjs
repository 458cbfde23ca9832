// @ts-check
// The CLI over real HTTP: prints its URL, serves the build, stops cleanly on SIGTERM.
// Run: node --test 'server/__tests__/*.test.mjs'
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { GATE_MANIFEST_FILE } from '../gate/accessPolicy.mjs';
import { CLI, startCli } from './cliProcess.mjs';
import { DOCS_PAGE, FILES, fixtureGateManifest, writeFixtureBuild } from './fixtureBuild.mjs';

/** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
let fixture;
before(async () => {
  fixture = await writeFixtureBuild();
});
after(() => fixture.cleanup());

/**
 * Starts the CLI with `--public` on a free port and resolves with its URL once it prints it.
 * @param {string} [dir] the build
 */
function startPublicCli(dir = fixture.dir) {
  // The fixture build has no gate manifest: it is served to everyone (the gate has its own tests).
  return startCli(['--dir', dir, '--host', '127.0.0.1', '--public']);
}

/**
 * A HEAD request over the wire (fetch cannot show what the server itself put in the headers).
 * @param {string} url
 * @returns {Promise<import('node:http').IncomingMessage>}
 */
function head(url) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'HEAD' }, resolve);
    req.on('error', reject);
    req.end();
  });
}

test('serves the build, HEAD keeps Content-Length, SIGTERM stops it with exit code 0', async () => {
  const { child, url } = await startPublicCli();
  try {
    const page = await fetch(new URL('docs/orders', url));
    assert.equal(page.status, 200);
    assert.equal(await page.text(), DOCS_PAGE);

    const headers = (await head(new URL('docs/orders/', url).href)).headers;
    assert.equal(headers['content-length'], String(Buffer.byteLength(DOCS_PAGE)));

    const missing = await fetch(new URL('nowhere', url));
    assert.equal(missing.status, 404);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});

test('listens where HOST says when --host is not given (0.0.0.0 for a load balancer on another host)', async () => {
  const { child, url } = await startCli(['--dir', fixture.dir, '--public'], { ...process.env, HOST: '0.0.0.0' });
  try {
    assert.equal(new URL(url).hostname, '0.0.0.0');
    // Every interface: loopback reaches it too.
    const page = await fetch(`http://127.0.0.1:${new URL(url).port}/docs/orders/`);
    assert.equal(page.status, 200);
  } finally {
    child.kill('SIGTERM');
  }
  await once(child, 'exit');
});

test('refuses a folder without a build', async () => {
  const child = spawn(process.execPath, [CLI, '--dir', `${fixture.dir}/docs`, '--port', '0'], { stdio: 'ignore' });
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
});

test('refuses a build without a gate manifest unless told it has nothing to protect', async () => {
  const child = spawn(process.execPath, [CLI, '--dir', fixture.dir, '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
  assert.match(errors, /holds no gate-manifest\.json/);
  assert.match(errors, /--public/);
});

/**
 * A fixture build whose gate manifest lists `protectedFiles` as protected.
 * @param {string[]} protectedFiles
 */
async function gatedBuild(protectedFiles) {
  const build = await writeFixtureBuild();
  const manifest = fixtureGateManifest({
    issuer: 'https://id.example',
    clientId: 'developer-docs',
    files: Object.keys(FILES),
    protectedFiles,
    protectedPaths: ['/docs'],
    shell: 'index.html',
  });
  await writeFile(path.join(build.dir, GATE_MANIFEST_FILE), JSON.stringify(manifest));
  return build;
}

test(
  '--public refuses a build whose gate manifest lists protected files, saying why',
  { timeout: 20_000 },
  async (t) => {
    const build = await gatedBuild(['docs/orders/index.html', 'search-index.json']);
    t.after(() => build.cleanup());
    const child = spawn(process.execPath, [CLI, '--dir', build.dir, '--port', '0', '--public'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    t.after(() => child.kill('SIGTERM'));
    const [code] = await once(child, 'exit');
    assert.equal(code, 2, output);
    assert.match(output, /lists 2 protected files/);
    assert.match(output, /--public would serve them to everyone/);
    assert.doesNotMatch(output, /Serving/);
  },
);

test('--public serves a build whose gate manifest protects nothing', async (t) => {
  const build = await gatedBuild([]);
  t.after(() => build.cleanup());
  const { child, url } = await startPublicCli(build.dir);
  try {
    assert.equal((await fetch(new URL('docs/orders', url))).status, 200);
  } finally {
    child.kill('SIGTERM');
  }
  await once(child, 'exit');
});
