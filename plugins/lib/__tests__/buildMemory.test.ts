/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { collectGarbage, returnFreedMemoryPromptly } from '../buildMemory';

const ROOT = path.resolve(__dirname, '../../..');

describe('returnFreedMemoryPromptly', () => {
  it('has the allocator return freed memory at once', () => {
    const env: NodeJS.ProcessEnv = {};
    returnFreedMemoryPromptly(env);
    expect(env.MIMALLOC_PURGE_DELAY).toBe('0');
  });

  it('keeps a delay set in the environment', () => {
    const env: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: '10' };
    returnFreedMemoryPromptly(env);
    expect(env.MIMALLOC_PURGE_DELAY).toBe('10');
  });

  it("is set by the site's config in a production build, before the bundler loads", () => {
    // The config as `docusaurus build` reads it: NODE_ENV set first, then the config loaded through jiti.
    const script = [
      "process.env.NODE_ENV = 'production';",
      `require('jiti')(${JSON.stringify(__filename)}, { interopDefault: true })(${JSON.stringify(
        path.join(ROOT, 'docusaurus.config.ts'),
      )});`,
      "const loaded = Object.keys(require.cache).some((file) => file.includes('@rspack'));",
      'console.log(JSON.stringify({ delay: process.env.MIMALLOC_PURGE_DELAY, loaded }));',
    ].join('\n');
    const { MIMALLOC_PURGE_DELAY: _unset, ...env } = process.env;
    const output = execFileSync(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: { ...env, SITE_URL: 'http://localhost:3000', OIDC_ISSUER: 'http://localhost:4000' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({ delay: '0', loaded: false });
  }, 90_000);
});

describe('collectGarbage', () => {
  it('collects an object nothing refers to any more', async () => {
    let target: object | null = { payload: new Array(1000).fill('x') };
    const ref = new WeakRef(target);
    target = null;
    // A WeakRef keeps its target alive until the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
