// @ts-check
/**
 * Names the Markdown copies of the docs pages and the llms.txt files agree on: the build writes them
 * (plugins/page-markdown), the gate protects and types them (config/protectedPaths.mjs,
 * server/contentType.mjs) and the page actions link to them (src/components/PageActions). Plain
 * JavaScript without imports, for the browser, the build and the server alike.
 */

/** The index of the docs for assistants (llmstxt.org), at the build root. */
export const LLMS_INDEX_FILE = 'llms.txt';

/** Every docs page's Markdown in one file, in sidebar order. */
export const LLMS_FULL_FILE = 'llms-full.txt';

/**
 * The file of one API's (or one sidebar section's) pages, `llms-trading-api.txt`, or of one part of a
 * section split along its categories, `llms-accounts-api-endpoints.txt`.
 * @param {string} section
 */
export function llmsSectionFile(section) {
  return `llms-${section}.txt`;
}

/**
 * The most bytes of an llms file an assistant is told to attach (a section's file, or one part of a
 * large section): about 150k tokens at 4 bytes a token, which leaves room in a 200k-token context.
 */
export const LLMS_ATTACHABLE_MAX_BYTES = 600_000;

/**
 * The llms files of one docs version (config/docsVersions.ts), by its path below /docs: v1's (`''`) are
 * `llms.txt`, `llms-full.txt` and `llms-<section>.txt`, which name both versions' sets in `llms.txt`; a later
 * version's carry its path after `llms-`: `llms-v2.txt` (its index), `llms-v2-full.txt`, `llms-v2-<section>.txt`.
 * @param {string} versionPath
 */
export function llmsFileNames(versionPath) {
  if (versionPath === '') return { index: LLMS_INDEX_FILE, full: LLMS_FULL_FILE, section: llmsSectionFile };
  return {
    index: `llms-${versionPath}.txt`,
    full: `llms-${versionPath}-full.txt`,
    /** @param {string} section */
    section: (section) => `llms-${versionPath}-${section}.txt`,
  };
}

/** Every llms file's name (at the build root), every version's. */
export const LLMS_FILE_PATTERN = /^llms(-[a-z0-9-]+)?\.txt$/;

/**
 * The URL path of a page's Markdown: the page's path plus `.md`; a page at a folder's path
 * (`/docs/trading-api/`) has it inside that folder (`/docs/trading-api/index.md`), so that it always
 * lies under the page's protected prefix (`/docs.md` would not be under `/docs/`).
 * @param {string} permalink the page's URL path
 */
export function markdownPathOf(permalink) {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}

/** The attribute of the hidden element that carries a diagram's Mermaid source in the built page. */
export const DIAGRAM_SOURCE_ATTRIBUTE = 'data-diagram-source';

/**
 * The attributes by which the page Markdown describes a shared schema once and links to it elsewhere: the field
 * components write them (src/components/ApiField, ApiFieldList), from what the docs build says
 * (plugins/remark-api-reference), and plugins/page-markdown reads them.
 */
export const SCHEMA_ATTRIBUTES = {
  /** On a field list or a field: the component schema whose fields it lists (`accounts#/components/schemas/Money`). */
  schema: 'data-schema',
  /** On a field list: the page shows that schema here on purpose (`<ApiSchema>`): this is where it is described. */
  home: 'data-schema-home',
  /** On a field: its description is the schema's own, the same wherever the schema is used. */
  described: 'data-schema-described',
};
