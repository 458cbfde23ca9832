/**
 * Stands in, inside Redoc's browser bundle only, for each of Prism's language components that Redoc
 * requires (`prismjs/components/prism-*.js`): the site's descriptions use none of their languages, and
 * the build checks that they keep to Prism's core grammars (plugins/api-reference/redocPrism.ts). A
 * component only adds a grammar to Prism, so leaving it out leaves nothing for Redoc to call.
 */
