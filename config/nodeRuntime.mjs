/**
 * The Node.js the project runs on. package.json pins the exact version as the `node` development dependency
 * and `engines.node` admits that major only (config/__tests__/nodeRuntime.test.mjs checks the three agree).
 * `npm ci` installs that binary into node_modules/.bin, and `npm run`, `npm test` and `npx` put
 * node_modules/.bin first on PATH, so every script, test layer and server runs on it whatever Node the
 * machine has. Each entry point calls assertPinnedNode(), so a run on another major version (say
 * `node server/cli.mjs` with the machine's own Node) stops with a message instead of running on a runtime
 * nobody tested.
 *
 * No `import.meta` here: Playwright and jiti load this file from TypeScript configs as CommonJS.
 */

/** The major version of the pinned Node. */
export const NODE_MAJOR = 24;

function majorOf(version) {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version);
  return match ? Number(match[1]) : undefined;
}

/**
 * Why `running` (a Node version such as process.versions.node) is not the project's Node, or null when
 * it is on the pinned major version.
 */
export function nodeVersionProblem(running, major = NODE_MAJOR) {
  if (majorOf(running) === major) return null;
  return (
    `This project runs on Node ${major} (the \`node\` development dependency in package.json), but this is ` +
    `Node ${running}. Run it through npm (npm start, npm test, npm run <script>, npx <tool>), which puts ` +
    'node_modules/.bin/node first on PATH, or call node_modules/.bin/node directly; on a fresh clone run ' +
    '`npm ci` first.'
  );
}

/** Throws, naming both versions and this process's executable, when it is not on the pinned major version. */
export function assertPinnedNode(running = process.versions.node) {
  const problem = nodeVersionProblem(running);
  if (problem) throw new Error(`${problem} (${process.execPath})`);
}
