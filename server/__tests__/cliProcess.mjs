// @ts-check
/** The production server's CLI (server/cli.mjs) as a child process, for tests over real HTTP. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));

/**
 * Starts the CLI on a free port and resolves with its URL once it prints it; the rest of its output is
 * collected in `output`.
 * @param {string[]} args after `--port 0`, e.g. `['--dir', dir, '--host', '127.0.0.1', '--public']`
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, url: string, output: () => string }>}
 */
export async function startCli(args, env = process.env) {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env });
  let output = '';
  const stdout = /** @type {import('node:stream').Readable} */ (child.stdout);
  stdout.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    // Read with a listener, not `for await`: leaving that loop would destroy the stream, and the rest of
    // the output with it.
    stdout.on('data', (chunk) => {
      const before = output;
      output += chunk;
      const url = !/http:\/\/\S+\//.test(before) && output.match(/http:\/\/\S+\//)?.[0];
      if (url) resolve({ child, url, output: () => output });
    });
    child.once('exit', () => reject(new Error(`The CLI exited without printing its URL: ${output}`)));
  });
}
