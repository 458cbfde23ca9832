/**
 * The Node.js the project runs on: the `node` development dependency in package.json (the only place
 * its version is written). `npm ci` installs that binary into node_modules/.bin, and `npm run`, `npm test`
 * and `npx` put node_modules/.bin first on PATH, so every script, test layer and server runs on it
 * whatever Node the machine has. Each entry point calls assertPinnedNode(), so a run on another major
 * version (say `node server/cli.mjs` with the machine's own Node) stops with a message instead of
 * running on a runtime nobody tested.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The exact version pinned in package.json, e.g. "24.21.0". */
export const PINNED_NODE_VERSION = String(packageJson.devDependencies?.node ?? '');

function majorOf(version) {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version);
  return match ? Number(match[1]) : undefined;
}

/**
 * Why `running` (a Node version such as process.versions.node) is not the project's Node, or null when
 * its major version is the pinned one's.
 */
export function nodeVersionProblem(running, pinned = PINNED_NODE_VERSION) {
  const pinnedMajor = majorOf(pinned);
  if (pinnedMajor === undefined) {
    return `package.json pins no Node version (devDependencies.node is "${pinned}"); it must be an exact version such as 24.21.0.`;
  }
  if (majorOf(running) === pinnedMajor) return null;
  return (
    `This project runs on Node ${pinnedMajor} (package.json pins node ${pinned}), but this is Node ${running}. ` +
    'Run it through npm (npm start, npm test, npm run <script>, npx <tool>), which puts node_modules/.bin/node ' +
    'first on PATH, or call node_modules/.bin/node directly; on a fresh clone run `npm ci` first.'
  );
}

/** Throws, naming both versions, when this process is not on the pinned major version. */
export function assertPinnedNode(running = process.versions.node) {
  const problem = nodeVersionProblem(running);
  if (problem) throw new Error(`${problem} (${process.execPath})`);
}

// `node config/nodeRuntime.mjs`: the check alone, before tools that run no project code (tsc, Prettier).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) assertPinnedNode();
