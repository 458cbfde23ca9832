/**
 * Docusaurus's route registry (`.docusaurus/registry.js`) names each route's modules three times: a dynamic import,
 * the path, and `require.resolveWeak(path)`, which react-loadable reads to tell whether a module is already in the
 * page. A weak reference puts nothing in a chunk, but the bundler still builds the module it names: with them, every
 * MDX page is compiled when the dev server starts, lazy compilation or not. Without them, react-loadable finds no
 * module by that id and loads it through its dynamic import, which lazy compilation compiles when a page first asks
 * for it (Docusaurus loads a page's modules before it renders the page, so nothing is drawn twice).
 */

/** `require.resolveWeak("…")` with a string literal, as the registry writes it. */
const WEAK_REFERENCE = /require\.resolveWeak\(("(?:[^"\\]|\\.)*")\)/g;

/** `source` with each weak reference replaced by the string it names. */
function withoutWeakReferences(source) {
  return source.replace(WEAK_REFERENCE, '$1');
}

/** The loader (Rspack and webpack), set on the registry in the dev server only. */
module.exports = function weakRegistryLoader(source) {
  const result = withoutWeakReferences(source);
  // Entries left (each names its chunk), yet no weak reference: Docusaurus writes the registry another way now.
  if (result === source && source.includes('webpackChunkName')) {
    this.emitWarning(
      new Error(
        'weakRegistryLoader: the route registry no longer holds `require.resolveWeak("…")`, so every page is ' +
          "compiled when the dev server starts; see how Docusaurus's codegenRoutes writes it now " +
          '(plugins/lazy-dev-compilation)',
      ),
    );
  }
  return result;
};
module.exports.withoutWeakReferences = withoutWeakReferences;
