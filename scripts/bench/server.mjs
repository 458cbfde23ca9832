#!/usr/bin/env node
/**
 * The production server under load, against a plain static server serving the same build (runnable alone):
 *
 *   node scripts/bench/server.mjs [--seconds=10] [--rounds=3] [--json] [--baseline=<cli.mjs>] [build dir, default build-bench]
 *
 * Serves the build three ways, each in a process of its own: (a) `server/cli.mjs` on Node, behind its gate, its
 * log lines read (and dropped) through a pipe as a log shipper would; (b) the Worker on workerd
 * (`scripts/worker-site.mjs`, miniflare); (c) `serve-handler`, what `docusaurus serve` uses, on a plain node:http
 * server (`lib/serveHandlerSite.mjs`). Then autocannon, 10 connections for `--seconds` each, measures four cases,
 * all uncompressed (no `Accept-Encoding`):
 *
 *   public     `/`
 *   protected  a protected docs page with a verified session cookie (serve-handler has no gate: the same file)
 *   304        `/` revalidated with its ETag (If-None-Match)
 *   asset      the content-hashed `/assets/js/main.*.js`
 *
 * After a second of each case on each server (not counted), the servers alternate case by case within each of
 * `--rounds` rounds; each figure is the median of the rounds.
 * The cookie is an ID token signed by a key publisher this script starts at the issuer the build's gate manifest
 * names (server/__tests__/testProvider.mjs): that port must be free (the bench's provider stopped).
 *
 * Prints a table (requests per second, p99, and the ratio to serve-handler); `--json` prints the results as the
 * last line instead (lib/measure.mjs's `server` section reads it). `--baseline` measures another checkout's
 * server/cli.mjs as a fourth server, alternating with the others: a change's before and after on one build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

import { idTokenCookieName } from '../../config/idTokenCookie.mjs';
import { assertPinnedNode } from '../../config/nodeRuntime.mjs';
import { signIdToken, signingKey, startProvider } from '../../server/__tests__/testProvider.mjs';
import { DOCS_PAGE } from './lib/plan.mjs';
import { start, stop, waitForUrl } from './lib/processes.mjs';
import { median } from './lib/stats.mjs';

assertPinnedNode();

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONNECTIONS = 10;

/** The servers, in the order each round runs them (`--baseline` adds one after the first). */
const SERVERS = [
  { key: 'node', name: 'server/cli.mjs (Node)', script: 'server/cli.mjs' },
  { key: 'worker', name: 'Worker (workerd)', script: 'scripts/worker-site.mjs' },
  { key: 'serveHandler', name: 'serve-handler', script: 'scripts/bench/lib/serveHandlerSite.mjs' },
];
export const CASES = ['public', 'protected', 'notModified', 'asset'];
const CASE_NAMES = {
  public: 'public page',
  protected: 'protected page, signed in',
  notModified: '304 (If-None-Match) of',
  asset: 'hashed asset',
};

/**
 * The servers of a run: with `baseline` (the path of another checkout's server/cli.mjs), that one too, measured
 * as a fourth server for a before/after comparison on the same build.
 * @param {string | undefined} baseline
 */
function serversOf(baseline) {
  if (!baseline) return SERVERS;
  return [SERVERS[0], { key: 'baseline', name: `baseline ${baseline}`, script: baseline }, ...SERVERS.slice(1)];
}

/** The first `http://host:port/` a child printed. */
async function printedUrl(child, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const url = /http:\/\/[^\s/]+\//.exec(child.recentOutput())?.[0];
    if (url) return url;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > timeoutMs) {
      throw new Error(`${child.label} printed no URL:\n${child.recentOutput().slice(-3000)}`);
    }
    await sleep(100);
  }
}

/** Starts `server` on a free port of loopback, serving `dir`; resolves once `/` answers. */
async function startServer(server, dir) {
  const nodeArgs = ['--dir', dir, '--port', '0', '--host', '127.0.0.1'];
  const args = {
    node: nodeArgs,
    baseline: nodeArgs,
    worker: ['--dir', dir, '--port', '0'],
    serveHandler: [dir, '0'],
  }[server.key];
  const child = start(process.execPath, [resolve(ROOT, server.script), ...args], { cwd: ROOT, label: server.name });
  try {
    const url = await printedUrl(child, 60_000);
    await waitForUrl(url, { timeoutMs: 60_000, child });
    return { url, close: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** autocannon against `url` with `headers`, resolving to its result. */
function load(url, headers, seconds) {
  return new Promise((resolvePromise, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolvePromise(result),
    );
  });
}

/** The build's protected docs page to ask for (the bench's docs page, or the first protected one). */
function protectedPage(manifest) {
  const ours = `${DOCS_PAGE.slice(1)}/index.html`;
  if (manifest.files[ours] === 'protected') return DOCS_PAGE;
  const file = Object.keys(manifest.files)
    .sort()
    .find((name) => manifest.files[name] === 'protected' && /^docs\/.+\/index\.html$/.test(name));
  if (!file) throw new Error('the gate manifest lists no protected docs page');
  return `/${file.slice(0, -'/index.html'.length)}`;
}

/**
 * Measures the four cases on the three servers serving `dir`, `rounds` times, alternating.
 * @param {{ dir: string, seconds: number, rounds: number, baseline?: string, log: (message: string) => void }} options
 */
async function measureServers({ dir, seconds, rounds, baseline, log }) {
  const servers = serversOf(baseline);
  const manifest = JSON.parse(readFileSync(join(dir, 'gate-manifest.json'), 'utf8'));
  const { issuer, clientId } = manifest.oidc;
  const main = readdirSync(join(dir, 'assets/js')).find((name) => /^main\.[\da-f]+\.js$/.test(name));
  if (!main) throw new Error(`${dir}/assets/js holds no main.<hash>.js`);
  const paths = { public: '/', protected: protectedPage(manifest), notModified: '/', asset: `/assets/js/${main}` };

  const key = await signingKey('bench-key');
  const provider = await startProvider({ keys: [key], issuer });
  // Valid for a day: longer than any run.
  const exp = Math.floor(Date.now() / 1000) + 24 * 3600;
  const token = await signIdToken(key, issuer, { clientId, claims: { exp } });
  const cookie = `${idTokenCookieName({ baseUrl: manifest.baseUrl, https: false, name: manifest.cookieName })}=${token}`;

  const running = [];
  try {
    for (const server of servers) {
      log(`starting ${server.name}`);
      running.push({ server, ...(await startServer(server, dir)) });
    }
    /** Each server's request headers and expected status per case; the 304's validator is the server's own. */
    const requests = {};
    for (const { server, url } of running) {
      // As autocannon asks (fetch would ask for a compressed variant, whose ETag is another).
      const identity = { 'Accept-Encoding': 'identity' };
      const etag = (await fetch(url, { headers: identity })).headers.get('ETag');
      if (!etag) throw new Error(`${server.name} sent no ETag for /`);
      requests[server.key] = {
        public: { headers: {}, status: 200 },
        protected: { headers: server.key === 'serveHandler' ? {} : { Cookie: cookie }, status: 200 },
        notModified: { headers: { 'If-None-Match': etag }, status: 304 },
        asset: { headers: {}, status: 200 },
      };
      for (const name of CASES) {
        const { headers, status } = requests[server.key][name];
        const response = await fetch(new URL(paths[name].slice(1), url), {
          headers: { ...identity, ...headers },
          redirect: 'manual',
        });
        await response.arrayBuffer();
        if (response.status !== status || response.headers.has('Content-Encoding')) {
          throw new Error(`${server.name} answered ${paths[name]} (${name}) with ${response.status}, not ${status}`);
        }
      }
    }

    const samples = Object.fromEntries(
      CASES.map((name) => [
        name,
        Object.fromEntries(servers.map((server) => [server.key, { requestsPerSecond: [], p99Ms: [] }])),
      ]),
    );
    // A second of each case on each server first, not counted: the JIT and every cache warm, for all alike.
    log('warming up: 1 s of each case on each server');
    for (const name of CASES) {
      for (const { server, url } of running) {
        await load(new URL(paths[name].slice(1), url).href, requests[server.key][name].headers, 1);
      }
    }
    for (let round = 1; round <= rounds; round += 1) {
      for (const name of CASES) {
        for (const { server, url } of running) {
          const { headers, status } = requests[server.key][name];
          const result = await load(new URL(paths[name].slice(1), url).href, headers, seconds);
          const expected = `${Math.floor(status / 100)}xx`;
          const other = ['1xx', '2xx', '3xx', '4xx', '5xx']
            .filter((c) => c !== expected)
            .reduce((n, c) => n + result[c], 0);
          if (result.errors || result.timeouts || other) {
            throw new Error(
              `${server.name} ${name}: ${result.errors} errors, ${result.timeouts} time-outs, ${other} answers other than ${status}`,
            );
          }
          samples[name][server.key].requestsPerSecond.push(Math.round(result.requests.average));
          samples[name][server.key].p99Ms.push(result.latency.p99);
          log(
            `round ${round}/${rounds} ${name} ${server.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
          );
        }
      }
    }
    return {
      seconds,
      rounds,
      connections: CONNECTIONS,
      servers: Object.fromEntries(servers.map(({ key, name }) => [key, name])),
      cases: Object.fromEntries(CASES.map((name) => [name, { path: paths[name], ...samples[name] }])),
    };
  } finally {
    for (const { close } of running) await close();
    await provider.close();
  }
}

/** The table: per case and server, median requests per second, median p99, and the ratio to serve-handler. */
function serverTable(results) {
  const servers = Object.entries(results.servers).map(([key, name]) => ({ key, name }));
  const lines = [
    `| Case | ${servers.map((s) => s.name).join(' | ')} |`,
    `| --- | ${servers.map(() => '---').join(' | ')} |`,
  ];
  for (const name of CASES) {
    const figures = results.cases[name];
    const base = median(figures.serveHandler.requestsPerSecond);
    const cells = servers.map(({ key }) => {
      const rps = median(figures[key].requestsPerSecond);
      const ratio = key === 'serveHandler' ? '' : ` (${(rps / base).toFixed(2)}×)`;
      return `${rps} req/s${ratio}, p99 ${median(figures[key].p99Ms)} ms`;
    });
    lines.push(`| ${CASE_NAMES[name]} \`${figures.path}\` | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
      baseline: { type: 'string' },
    },
  });
  const dir = resolve(positionals[0] ?? join(ROOT, 'build-bench'));
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  if (!existsSync(join(dir, 'gate-manifest.json')) || !(seconds > 0) || !(rounds >= 1)) {
    console.error(
      'Usage: node scripts/bench/server.mjs [--seconds=10] [--rounds=3] [--json] [--baseline=<cli.mjs>] [gated build dir]',
    );
    process.exit(2);
  }
  const results = await measureServers({
    dir,
    seconds,
    rounds,
    baseline: values.baseline,
    log: (message) => console.error(`[server] ${message}`),
  });
  if (values.json) console.log(JSON.stringify(results));
  else {
    console.log(
      `${dir}: ${CONNECTIONS} connections, ${seconds} s per case, median of ${rounds} alternating rounds, Node ${process.version}`,
    );
    console.log(serverTable(results));
  }
  process.exit(0);
}
