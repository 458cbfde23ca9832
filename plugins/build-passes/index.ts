import type { Plugin } from '@docusaurus/types';
import type { BuiltPagesPass } from '../lib/builtPages';
import { runBuiltPagesPasses } from './builtPagesPasses';

export interface BuildPassesOptions {
  /** The passes over the built pages, by name, in the order they run (each provided by a plugin as its `builtPagesPass`). */
  readonly builtPages: readonly string[];
}

/** The `builtPagesPass` of a loaded plugin that provides one. */
function builtPagesPassOf(plugin: object): BuiltPagesPass[] {
  return 'builtPagesPass' in plugin ? [plugin.builtPagesPass as BuiltPagesPass] : [];
}

/**
 * Orders the build's shared work, declared here rather than agreed on by the plugins that take part: the passes
 * over the built pages (`runBuiltPagesPasses`), in postBuild: the ones `builtPages` lists, in its order. A pass that
 * no plugin provides, or one that fails, fails the build with its name.
 */
export default function buildPassesPlugin({ builtPages }: BuildPassesOptions) {
  return function buildPasses(): Plugin {
    return {
      name: 'build-passes',
      async postBuild(props) {
        await runBuiltPagesPasses(builtPages, props.plugins.flatMap(builtPagesPassOf), props);
      },
    };
  };
}
