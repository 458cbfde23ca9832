import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SIGN_IN_STARTER_FILES, writeSignInStarter } from '../starter';

describe('writeSignInStarter', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'sign-in-starter-'));
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('writes one content-hashed ES module that exports startSignIn, with the SDK and without unload listeners', async () => {
    const file = await writeSignInStarter(outDir);
    expect(file).toMatch(SIGN_IN_STARTER_FILES);
    const code = await readFile(path.join(outDir, file), 'utf8');
    expect(code).toMatch(/export\s*\{[^}]*\bas startSignIn\b|export\s*\{[^}]*\bstartSignIn\b/);
    // The SDK is inside: the starter imports nothing at run time.
    expect(code).toContain('code_challenge_methods_supported');
    expect(code).not.toMatch(/\bimport\s*[\s{("']/);
    // broadcast-channel's `unload` dependency is swapped as in the site's bundle (plugins/sign-in-sdk).
    expect(code).not.toContain('beforeunload');
    expect(code).toContain('pagehide');
    // The Content-Security-Policy allows neither.
    expect(code).not.toMatch(/\beval\(|new Function\(/);
    // The same source, the same file.
    expect(await writeSignInStarter(outDir)).toBe(file);
  }, 60_000);
});
