// @ts-check
// The server's log (server/accessLog.mjs): one JSON line per request saying what the gate did, an error as
// one line carrying the id of the request it broke, and never a cookie, a token or a query string.
// Run: node --test server/__tests__/accessLog.test.mjs
import { strict as assert } from 'node:assert';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';

import { createSiteApp } from '../app.mjs';
import { bufferedJsonLines, writeJsonLines } from '../accessLog.mjs';
import { readAssetFromDirectory } from '../node.mjs';
import { startCli } from './cliProcess.mjs';
import { FILES } from './fixtureBuild.mjs';
import { writeGatedFixture } from './workerSite.mjs';

const SHELL_FILE = 'sign-in-required.html';
const GATE = {
  extraFiles: { [SHELL_FILE]: '<!doctype html><title>Sign in</title>\n' },
  protectedFiles: ['docs/orders/index.html', 'search-index.json'],
  protectedPaths: ['/docs'],
  shell: SHELL_FILE,
};

/** @type {Awaited<ReturnType<typeof writeGatedFixture>>} */
let gated;
before(async () => {
  gated = await writeGatedFixture(GATE);
});
after(() => gated.close());

/** @param {import('../app.mjs').ReadAsset} [readAsset] */
function loggedApp(readAsset = readAssetFromDirectory(gated.fixture.dir)) {
  /** @type {import('../accessLog.mjs').LogEntry[]} */
  const lines = [];
  const app = createSiteApp({ readAsset, log: (entry) => lines.push(entry) });
  return { app, lines };
}

describe('a line per request', () => {
  test('method, path, status, bytes, duration and what the gate did', async () => {
    const { app, lines } = loggedApp();
    const token = await gated.signToken();
    /** @type {{ path: string, headers: Record<string, string>, status: number, outcome: string }[]} */
    const cases = [
      { path: '/robots.txt', headers: {}, status: 200, outcome: 'public' },
      { path: '/docs/orders/', headers: {}, status: 401, outcome: 'shell' },
      { path: '/search-index.json', headers: {}, status: 401, outcome: 'refused' },
      { path: '/docs/orders/', headers: { Cookie: `docs_id_token=${token}` }, status: 200, outcome: 'admitted' },
      { path: '/missing', headers: {}, status: 404, outcome: 'public' },
    ];
    for (const { path, headers, status, outcome } of cases) {
      const response = await app.request(`http://localhost${path}`, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      const line = lines.at(-1) ?? {};
      assert.deepEqual(
        { method: line.method, path: line.path, status: line.status, bytes: line.bytes, outcome: line.outcome },
        { method: 'GET', path, status, bytes: body.length, outcome },
      );
      assert.equal(line.level, 'info');
      assert.equal(response.headers.get('X-Request-Id'), line.requestId);
      assert.ok(typeof line.durationMs === 'number' && line.durationMs >= 0);
      assert.ok(!Number.isNaN(Date.parse(String(line.time))));
    }
    assert.equal(lines.length, cases.length);
    assert.equal(new Set(lines.map((line) => line.requestId)).size, cases.length, 'each request its own id');
  });

  test('never the cookie, the token or the query string (the callback’s carries the authorisation code)', async () => {
    const { app, lines } = loggedApp();
    const token = await gated.signToken();
    await app.request('http://localhost/login/callback?code=secret-code-123&state=s-456', {
      headers: { Cookie: `docs_id_token=${token}; theme=dark` },
    });
    await app.request('http://localhost/docs/orders/?x=1', { headers: { Cookie: `docs_id_token=${token}` } });
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of ['secret-code-123', 's-456', token, token.split('.')[1], 'docs_id_token', 'x=1']) {
      assert.ok(!text.includes(secret), `the log holds ${secret.slice(0, 20)}`);
    }
    assert.equal(lines[0].path, '/login/callback');
  });

  test('a HEAD request sends no bytes', async () => {
    const { app, lines } = loggedApp();
    await app.request('http://localhost/robots.txt', { method: 'HEAD' });
    assert.equal(lines[0].bytes, 0);
  });
});

describe('an error', () => {
  test('is one line with the request’s id, and the request’s own line says 500', async () => {
    const readAsset = readAssetFromDirectory(gated.fixture.dir);
    const { app, lines } = loggedApp(async (file) => {
      if (file === 'img/logo.svg') throw new TypeError('disk on fire');
      return readAsset(file);
    });
    const response = await app.request('http://localhost/img/logo.svg');
    assert.equal(response.status, 500);
    // A body of unknown length is counted as it is sent: its line is written once it has been read.
    await response.arrayBuffer();
    const [error, access] = lines;
    assert.equal(error.level, 'error');
    assert.equal(error.error, 'TypeError');
    assert.equal(error.message, 'disk on fire');
    assert.equal(error.path, '/img/logo.svg');
    assert.match(String(error.stack), /disk on fire/);
    assert.equal(access.status, 500);
    assert.equal(error.requestId, access.requestId);
    assert.equal(response.headers.get('X-Request-Id'), error.requestId);
  });

  test('written as JSON, it is a single line', (t) => {
    /** @type {string[]} */
    const written = [];
    t.mock.method(console, 'error', (/** @type {string} */ line) => written.push(line));
    writeJsonLines({ level: 'error', message: 'two\nlines', stack: 'Error: two\n    at x (y.mjs:1:1)' });
    assert.equal(written.length, 1);
    assert.ok(!written[0].includes('\n'));
    assert.equal(JSON.parse(written[0]).message, 'two\nlines');
  });
});

test('the CLI writes a JSON line per request to stdout', async () => {
  const { child, url, output } = await startCli(['--dir', gated.fixture.dir, '--host', '127.0.0.1']);
  try {
    const response = await fetch(new URL('robots.txt', url));
    assert.equal(await response.text(), FILES['robots.txt']);
    const requestId = response.headers.get('X-Request-Id');
    // The line is written as the response goes out: wait for it.
    while (!output().includes(`"requestId":"${requestId}"`)) await once(/** @type {any} */ (child.stdout), 'data');
    const line = output()
      .split('\n')
      .find((candidate) => candidate.includes(`"requestId":"${requestId}"`));
    assert.deepEqual(Object.keys(JSON.parse(line ?? '{}')), [
      'level',
      'time',
      'requestId',
      'method',
      'path',
      'status',
      'bytes',
      'durationMs',
      'outcome',
    ]);
  } finally {
    child.kill('SIGTERM');
  }
  await once(child, 'exit');
});

describe('on Node, lines written in batches (bufferedJsonLines)', () => {
  /** Sinks that record each write. */
  function sinks() {
    /** @type {{ out: string[], err: string[] }} */
    const writes = { out: [], err: [] };
    return {
      writes,
      out: { write: (/** @type {string} */ text) => writes.out.push(text) },
      err: { write: (/** @type {string} */ text) => writes.err.push(text) },
    };
  }

  test('the lines of 100 ms go out in one write, one JSON object a line', async () => {
    const { writes, out, err } = sinks();
    const log = bufferedJsonLines({ out, err });
    log({ level: 'info', path: '/a' });
    log({ level: 'warn', message: 'b' });
    assert.deepEqual(writes.out, [], 'held for now');
    await sleep(150);
    assert.deepEqual(writes.out, ['{"level":"info","path":"/a"}\n{"level":"warn","message":"b"}\n']);
    assert.deepEqual(writes.err, []);
  });

  test('16 KiB of lines go out at once; an error line at once, after the lines held before it', () => {
    const { writes, out, err } = sinks();
    const log = bufferedJsonLines({ out, err });
    log({ level: 'info', path: `/${'x'.repeat(16 * 1024)}` });
    assert.equal(writes.out.length, 1);
    log({ level: 'info', path: '/before' });
    log({ level: 'error', message: 'broke' });
    assert.deepEqual(writes.out.slice(1), ['{"level":"info","path":"/before"}\n']);
    assert.deepEqual(writes.err, ['{"level":"error","message":"broke"}\n']);
  });

  test('the CLI loses no line when it stops right after its responses', async () => {
    const { child, url, output } = await startCli(['--dir', gated.fixture.dir, '--host', '127.0.0.1']);
    /** @type {string[]} */
    const ids = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await fetch(new URL('robots.txt', url));
      await response.arrayBuffer();
      ids.push(String(response.headers.get('X-Request-Id')));
    }
    // Well within the 100 ms the lines are held for.
    child.kill('SIGTERM');
    // 'close': the process has exited and its output has been read to the end.
    await once(child, 'close');
    const logged = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line).requestId);
    assert.deepEqual(
      ids.filter((id) => !logged.includes(id)),
      [],
    );
  });
});
