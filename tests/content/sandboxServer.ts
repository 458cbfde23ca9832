/**
 * The local sandbox (sandbox/) served on a free port of 127.0.0.1 for the content checks that run the pages'
 * shell blocks against it, with a working directory, and the one way to run such a block: in bash, with
 * `pipefail`, in that directory, with only `PATH`, `HOME` and the sandbox's base URL and token URL in the
 * variables every sample reads (a block that ignored them would call the hosted sandbox, unreachable here).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createSandbox } from '../../sandbox/app';
import { URL_VARIABLES } from '../../contracts/facts';

export interface LocalSandbox {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** A fresh directory for the blocks' files, removed by `close`. */
  readonly workDir: string;
  close(): Promise<void>;
}

/** Starts a new sandbox; `name` names its working directory. */
export async function startLocalSandbox(name: string): Promise<LocalSandbox> {
  const sandbox = createSandbox();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const workDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    workDir,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `script` in bash (`set -eo pipefail` first) in the sandbox's working directory, with `env` added to the
 * reader's shell; `input` is what the reader types. Asynchronously: the sandbox answers from this same process.
 */
export function runBash(
  sandbox: LocalSandbox,
  script: string,
  { env = {}, input }: { readonly env?: Readonly<Record<string, string>>; readonly input?: string } = {},
): Promise<{ stdout: string; stderr: string }> {
  const run = promisify(execFile)('bash', ['-c', `set -eo pipefail\n${script}`], {
    cwd: sandbox.workDir,
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...env,
      PATH: process.env.PATH,
      HOME: sandbox.workDir,
      [URL_VARIABLES.baseUrl]: `${sandbox.origin}/v1`,
      [URL_VARIABLES.tokenUrl]: `${sandbox.origin}/connect/token`,
    },
  });
  run.child.stdin?.end(input);
  return run;
}
