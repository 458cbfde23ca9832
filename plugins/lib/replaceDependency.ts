import type { ConfigureWebpackUtils } from '@docusaurus/types';

/** What the bundler's `NormalModuleReplacementPlugin` hands its callback (webpack and Rspack alike). */
interface ResolveRequest {
  context?: string;
  request: string;
}

/**
 * A bundler plugin that resolves `request` to `replacement`, but only where it is imported from a
 * folder matching `importedFrom`: one package's dependency is swapped, every other importer of the
 * same name keeps the real one.
 */
export function replaceDependency(
  { currentBundler }: ConfigureWebpackUtils,
  { request, importedFrom, replacement }: { request: RegExp; importedFrom: RegExp; replacement: string },
) {
  return new currentBundler.instance.NormalModuleReplacementPlugin(request, (resource: ResolveRequest) => {
    if (resource.context && importedFrom.test(resource.context)) resource.request = replacement;
  });
}
