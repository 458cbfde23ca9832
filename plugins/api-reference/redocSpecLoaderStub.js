/**
 * Stands in, inside Redoc's browser bundle only, for what Redoc needs to load a description from a
 * URL or a YAML string, or to convert a Swagger 2.0 one: `@redocly/openapi-core`'s bundler and
 * config, and `yaml`. The site hands Redoc descriptions that `@redocly/openapi-core` bundled at build time
 * (`openapi/descriptions`), straight to its store, so none of it runs; left in, it would be a quarter
 * of the reference's JavaScript to download and evaluate. Anything that does call it fails loudly.
 */
function notBundled(name) {
  return function unavailable() {
    throw new Error(
      `${name} is not in the site's Redoc bundle (plugins/api-reference/redocSpecLoaderStub.js): ` +
        'pass Redoc an already bundled OpenAPI 3 description object.',
    );
  };
}

module.exports = {
  bundle: notBundled('bundle'),
  Config: notBundled('Config'),
  parse: notBundled('parse'),
  stringify: notBundled('stringify'),
};
