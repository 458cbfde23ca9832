import type { Plugin } from '@docusaurus/types';

/** The registry Docusaurus generates, as the bundler's rule matches it (a pattern, tested without calling into JS). */
export const REGISTRY_PATTERN = /[\\/]\.docusaurus[\\/]registry\.js$/;

/** What the dev server hands `setupMiddlewares` (webpack-dev-server's `Server`): its compiler. */
interface DevServer {
  readonly compiler: unknown;
}

/** A bundler that can compile on demand: Rspack's `lazyCompilationMiddleware` (webpack has none). */
interface LazyBundler {
  readonly lazyCompilationMiddleware?: (compiler: never) => unknown;
}

/**
 * `npm start` compiles a page when a browser first asks for it, not every page up front (Rspack's lazy compilation
 * of dynamic imports: each route's modules). A writer who opens one page waits for that page, not for all 180, and an
 * edit of a page recompiles the versions of it that a browser has opened (v1's, not v2's copy, unless v2's was
 * opened). The registry's weak references are taken out in the dev server (weakRegistry.js), or they would have
 * every page compiled anyway; the dev server gets Rspack's middleware that answers the browser's requests to compile.
 * Production builds, and any bundler without lazy compilation, are left as they are.
 */
export default function lazyDevCompilationPlugin(): Plugin {
  return {
    name: 'lazy-dev-compilation',
    configureWebpack(config, isServer, { currentBundler }) {
      const { lazyCompilationMiddleware } = currentBundler.instance as LazyBundler;
      if (isServer || config.mode !== 'development' || !lazyCompilationMiddleware) return {};
      return {
        lazyCompilation: { imports: true, entries: false },
        module: { rules: [{ test: REGISTRY_PATTERN, use: [require.resolve('./weakRegistry.js')] }] },
        // Added to Docusaurus's own middlewares (webpack-merge calls both functions and joins what they return). The
        // middleware applies the lazy compilation to the compiler: here, before the dev server starts compiling.
        devServer: {
          setupMiddlewares: (_middlewares: unknown[], devServer: DevServer) => [
            { name: 'lazy-compilation', middleware: lazyCompilationMiddleware(devServer.compiler as never) },
          ],
        },
      } as Record<string, unknown>;
    },
  };
}
