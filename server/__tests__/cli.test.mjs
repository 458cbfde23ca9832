// @ts-check
// The CLI over real HTTP: prints its URL, serves the build, stops cleanly on SIGTERM.
// Run: node --test 'server/__tests__/*.test.mjs'
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { DOCS_PAGE, writeFixtureBuild } from './fixtureBuild.mjs';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));

/** @type {Awaited<ReturnType<typeof writeFixtureBuild>>} */
let fixture;
before(async () => {
  fixture = await writeFixtureBuild();
});
after(() => fixture.cleanup());

/**
 * Starts the CLI on a free port and resolves with its URL once it prints it.
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, url: string }>}
 */
async function startCli() {
  // The fixture build has no gate manifest: it is served to everyone (the gate has its own tests).
  const child = spawn(process.execPath, [CLI, '--dir', fixture.dir, '--port', '0', '--host', '127.0.0.1', '--public'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of /** @type {import('node:stream').Readable} */ (child.stdout)) {
    output += chunk;
    const url = output.match(/http:\/\/\S+/)?.[0];
    if (url) return { child, url };
  }
  throw new Error(`The CLI exited without printing its URL: ${output}`);
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
  const { child, url } = await startCli();
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
