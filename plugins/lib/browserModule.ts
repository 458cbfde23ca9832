import { build, stop, type BuildOptions } from 'esbuild';

/** Where the module's code comes from, and what it swaps or defines on the way. */
export type BrowserModuleSource = Pick<BuildOptions, 'stdin' | 'entryPoints' | 'alias' | 'define'>;

/**
 * One standalone, minified ES module for the browser, everything it imports bundled in (esbuild): a file the
 * site writes beside webpack's chunks and loads with `import()`. No `eval` and no `new Function` are added,
 * which the Content-Security-Policy allows neither.
 */
export async function bundleBrowserModule(source: BrowserModuleSource): Promise<string> {
  const result = await build({
    ...source,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Ends esbuild's service process (the next `bundleBrowserModule` starts a new one), so that it does not sit
 * idle, holding its memory, beside the rest of the site build.
 */
export const stopBrowserModuleBundler = stop;
