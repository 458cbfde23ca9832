/* global __PREBUILT_MERMAID_URL__ -- defined by plugins/mermaid */
/**
 * `mermaid` for the diagrams, in the browser: Mermaid's own prebuilt ES module build, served by the
 * site (see plugins/mermaid). The bundler leaves the import alone; the browser loads the entry and
 * the chunks it needs, only on a page that draws a diagram.
 *
 * The theme draws each diagram with `initialize(config)` then `render(id, text)` on Mermaid's one
 * global instance, for every diagram of the page and again when the colour mode changes, all at
 * once. `initialize` changes the configuration of renders already under way, and a diagram drawn
 * twice at the same time (both modes) shares its id: a page with two diagrams could end with one.
 * Here each render runs alone, with the configuration given just before it.
 */
const { default: mermaid } = await import(/* webpackIgnore: true */ __PREBUILT_MERMAID_URL__);

let nextConfig;
let previousRender = Promise.resolve();

const oneRenderAtATime = {
  initialize(config) {
    nextConfig = config;
  },
  render(id, text, container) {
    const config = nextConfig;
    const draw = () => {
      mermaid.initialize(config);
      return mermaid.render(id, text, container);
    };
    const result = previousRender.then(draw, draw);
    previousRender = result.catch(() => undefined);
    return result;
  },
  registerLayoutLoaders(loaders) {
    mermaid.registerLayoutLoaders(loaders);
  },
};

export default oneRenderAtATime;
