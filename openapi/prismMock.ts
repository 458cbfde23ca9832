/**
 * A mock server per API description with Stoplight Prism, which checks every request against the
 * description (path, parameters, security, body) and answers with the description's examples. Used
 * by `npm run mock` (scripts/mock.mjs) and by the test that sends every request sample to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_NAMES, bundleDescriptions, isObject, type ApiName, type JsonObject } from './descriptions';

const PRISM = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

export interface PrismMockOptions<Api extends ApiName = ApiName> {
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** A port per API; a free port is picked for each one left out. */
  readonly ports?: Partial<Record<ApiName, number>>;
  /** Where Prism's own log goes (its request validation messages); default: kept until a mock fails. */
  readonly log?: (api: ApiName, text: string) => void;
  /** How long a mock may take to start (default 120 s: Prism takes seconds, more on a busy machine). */
  readonly startTimeoutMs?: number;
  /** The APIs to mock (default: every one). */
  readonly apis?: readonly Api[];
}

export interface PrismMocks<Api extends ApiName = ApiName> {
  /** The base URL that replaces a description's server URL, per API (`http://127.0.0.1:4010`). */
  readonly baseUrls: Readonly<Record<Api, string>>;
  /** The mocks' process IDs (the sandbox benchmark pins them to a CPU). */
  readonly processIds: readonly number[];
  /** Stops every mock and removes the bundled descriptions. */
  stop(): Promise<void>;
}

/** A port the system has free right now. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Resolves when Prism says it is listening; rejects when it exits first or takes too long. */
function listening(api: ApiName, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`the ${api} mock did not start in ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      if (/Prism is listening on/.test(output())) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`the ${api} mock exited (${code}):\n${output()}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * The description without `deprecated: true` on its operations. Prism answers a deprecated operation with its own
 * `Deprecation: true` (an early draft of RFC 9745), in place of the `@<seconds>` the description declares and the
 * sandbox sends, and then reports its own header as a violation; the description's headers still come from their
 * schemas.
 */
function withoutDeprecatedFlags(description: JsonObject): JsonObject {
  const copy = structuredClone(description);
  for (const item of Object.values((copy.paths ?? {}) as Record<string, JsonObject>)) {
    for (const operation of Object.values(item)) if (isObject(operation)) delete operation.deprecated;
  }
  return copy;
}

/**
 * Starts one Prism mock per description, from the description bundled by `@redocly/openapi-core` (Prism
 * would not resolve the references into `shared/`'s files the way Redocly does), and waits until
 * each one listens.
 */
export async function startPrismMocks<Api extends ApiName = ApiName>(
  options: PrismMockOptions<Api> = {},
): Promise<PrismMocks<Api>> {
  const host = options.host ?? '127.0.0.1';
  const folder = mkdtempSync(path.join(tmpdir(), 'prism-mock-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // Bundled first, then started together.
    const { bundled } = await bundleDescriptions();
    const apis: readonly ApiName[] = options.apis ?? API_NAMES;
    const files = apis.map((api) => {
      const file = path.join(folder, `${api}.json`);
      writeFileSync(file, JSON.stringify(withoutDeprecatedFlags(bundled[api])));
      return [api, file] as const;
    });
    const entries = await Promise.all(
      files.map(async ([api, file]) => {
        const port = options.ports?.[api] ?? (await freePort(host));
        const child = spawn(
          process.execPath,
          [PRISM, 'mock', '--host', host, '--port', String(port), '--errors', file],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        children.push(child);
        let output = '';
        const collect = (chunk: Buffer) => {
          const text = chunk.toString();
          output += text;
          options.log?.(api, text);
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        await listening(api, child, () => output, options.startTimeoutMs ?? 120_000);
        return [api, `http://${host}:${port}`] as const;
      }),
    );
    return {
      baseUrls: Object.fromEntries(entries) as Record<Api, string>,
      processIds: children.flatMap((child) => (child.pid === undefined ? [] : [child.pid])),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
