/**
 * The Node server and dev/idp import contracts/ as it is: Node strips the types of erasable TypeScript and needs
 * each relative import's `.ts` extension. Every file here but openapi/ajv.ts (loaded only through the sandbox's and
 * the build's TypeScript loaders) must load that way, without a warning.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const CONTRACTS = path.resolve(__dirname, '..');
const BUILD_ONLY = new Set(['openapi/ajv.ts']);

const files = readdirSync(CONTRACTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.split(path.sep).includes('__tests__'))
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => !BUILD_ONLY.has(file))
  .sort();

it('lists the contracts', () => {
  expect(files).toEqual(expect.arrayContaining(['net/loopback.ts', 'openapi/pathTemplate.ts']));
});

it.each(files)('Node imports %s as it is', (file) => {
  const url = new URL(`file://${path.join(CONTRACTS, file)}`).href;
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import(${JSON.stringify(url)}); console.log(Object.keys(m).length)`],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(Number(run.stdout.trim())).toBeGreaterThan(0);
});
