import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin, PostCssOptions } from '@docusaurus/types';

/**
 * The files postcss-loader looks for beside a CSS file and in every folder above it (postcss-loader's search
 * places, `package.json` with a `postcss` field aside).
 */
export const POSTCSS_CONFIG_FILES = [
  'postcss.config.js',
  'postcss.config.mjs',
  'postcss.config.cjs',
  'postcss.config.ts',
  'postcss.config.mts',
  'postcss.config.cts',
  '.postcssrc',
  '.postcssrc.json',
  '.postcssrc.js',
  '.postcssrc.mjs',
  '.postcssrc.cjs',
  '.postcssrc.ts',
  '.postcssrc.mts',
  '.postcssrc.cts',
  '.postcssrc.yaml',
  '.postcssrc.yml',
  '.config/postcssrc',
  '.config/postcssrc.json',
  '.config/postcssrc.yaml',
  '.config/postcssrc.yml',
  '.config/postcssrc.js',
  '.config/postcssrc.mjs',
  '.config/postcssrc.cjs',
  '.config/postcssrc.ts',
  '.config/postcssrc.mts',
  '.config/postcssrc.cts',
] as const;

/** The PostCSS config of the site's folder (a file, or `package.json`'s `postcss` field), or null when it has none. */
export function postcssConfigIn(siteDir: string): string | null {
  const file = POSTCSS_CONFIG_FILES.find((name) => existsSync(path.join(siteDir, name)));
  if (file) return file;
  const packageFile = path.join(siteDir, 'package.json');
  if (!existsSync(packageFile)) return null;
  const packageJson = JSON.parse(readFileSync(packageFile, 'utf8')) as Record<string, unknown>;
  return 'postcss' in packageJson ? 'package.json ("postcss")' : null;
}

/** A PostCSS plugin's creator, as its module exports it. */
type PluginCreator = ((options?: unknown) => unknown) & { readonly postcss?: true };

/**
 * Each plugin as PostCSS runs it, created once: a `[module, options]` pair or a module name is loaded and its creator
 * called (without options when they are empty, as postcss-loader does), and a creator is called. Plugins given as
 * instances are kept as they are.
 */
export function createdOnce(plugins: readonly unknown[], load: (module: string) => unknown): unknown[] {
  const creatorOf = (module: string) => {
    const loaded = load(module) as PluginCreator | { readonly default: PluginCreator };
    return 'default' in loaded ? loaded.default : loaded;
  };
  return plugins.map((plugin) => {
    if (typeof plugin === 'string') return creatorOf(plugin)();
    if (Array.isArray(plugin) && typeof plugin[0] === 'string') {
      const [module, options] = plugin as [string, unknown];
      const empty =
        options === undefined || (typeof options === 'object' && options !== null && Object.keys(options).length === 0);
      return empty ? creatorOf(module)() : creatorOf(module)(options);
    }
    if (typeof plugin === 'function' && (plugin as PluginCreator).postcss === true) return (plugin as PluginCreator)();
    return plugin;
  });
}

/**
 * PostCSS set up once per build instead of once per CSS file. Docusaurus hands postcss-loader its plugins as
 * `[module, options]` pairs, and for every CSS file of the build postcss-loader searched the folders above it for a
 * PostCSS config (cosmiconfig) and created the plugins again: about 0.65 s of searching and 0.3 s of creating
 * postcss-preset-env on the main thread of a cold build. This plugin turns the search off and creates each plugin
 * once; the CSS written is byte for byte the same. Being last in the site's plugins, it also sees the PostCSS plugins
 * that the others add.
 *
 * The site configures PostCSS here, with a plugin's `configurePostCss`, never with a config file: a PostCSS config in
 * the site's folder stops the build instead of being ignored.
 */
export default function postcssOptionsPlugin(context: LoadContext): Plugin {
  const config = postcssConfigIn(context.siteDir);
  if (config) {
    throw new Error(
      `postcss-options: the site reads no PostCSS config file, but ${config} is in ${context.siteDir}. ` +
        'Move its plugins into a configurePostCss of a plugin of the site (see plugins/postcss-options).',
    );
  }
  const load = createRequire(path.join(context.siteDir, 'package.json'));
  return {
    name: 'postcss-options',
    configurePostCss(options: PostCssOptions): PostCssOptions {
      return { ...options, config: false, plugins: createdOnce(options.plugins, load) };
    },
  };
}
