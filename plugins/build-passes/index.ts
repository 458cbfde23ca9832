import type { Plugin } from '@docusaurus/types';
import type { BuiltPagesPass } from '../lib/builtPages';
import { descriptionWorker } from '../lib/descriptionWorker';
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
 * Orders the build's shared work, declared here rather than agreed on by the plugins that take part:
 * - the description worker (plugins/lib/descriptionWorker.ts): the plugins ask it for their jobs while they load
 *   their content; once every plugin's content is loaded, no job is left to ask, and the worker ends when it has
 *   answered them, so that its heap is freed before postBuild, where the build's memory peaks;
 * - the passes over the built pages (`runBuiltPagesPasses`), in postBuild: the ones `builtPages` lists, in its
 *   order. A pass that no plugin provides, or one that fails, fails the build with its name.
 */
export default function buildPassesPlugin({ builtPages }: BuildPassesOptions) {
  return function buildPasses(): Plugin {
    return {
      name: 'build-passes',
      allContentLoaded() {
        descriptionWorker.close();
      },
      async postBuild(props) {
        await runBuiltPagesPasses(builtPages, props.plugins.flatMap(builtPagesPassOf), props);
      },
    };
  };
}
