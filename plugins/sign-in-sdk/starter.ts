import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleBrowserModule, stopBrowserModuleBundler } from '../lib/browserModule';
import { PAGE_HIDE_UNLOAD } from '.';

/** The module the sign-in shell imports: `src/auth/signInStart.ts` and the SDK, bundled on their own. */
const SIGN_IN_STARTER_SOURCE = path.join(__dirname, '..', '..', 'src', 'auth', 'signInStart.ts');
/** Where it is written in the build, with its content hash (a public file: no documentation in it). */
export const SIGN_IN_STARTER_FILES = /^assets\/sign-in\/start\.[0-9a-f]{8}\.js$/;

/** The starter as one minified ES module, with the same dependency swap as the site's bundle. */
async function bundleSignInStarter(): Promise<string> {
  return bundleBrowserModule({
    entryPoints: [SIGN_IN_STARTER_SOURCE],
    alias: { unload: PAGE_HIDE_UNLOAD },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}

/** Writes the starter into the build; returns its path relative to the build's root. */
export async function writeSignInStarter(outDir: string): Promise<string> {
  let code: string;
  try {
    code = await bundleSignInStarter();
  } finally {
    // Written at postBuild, when nothing else bundles with esbuild: its process goes at once.
    await stopBrowserModuleBundler();
  }
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  const file = `assets/sign-in/start.${hash}.js`;
  await mkdir(path.join(outDir, 'assets', 'sign-in'), { recursive: true });
  await writeFile(path.join(outDir, file), code, 'utf8');
  return file;
}
