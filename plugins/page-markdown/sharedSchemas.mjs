// @ts-check
/**
 * A shared schema described once in the Markdown: where the pages list the fields of one component schema
 * (`accounts#/components/schemas/Money`, a legal address, an order), the Markdown keeps them in one place and says
 * elsewhere which schema it is and links there. That place is the page that shows the schema on purpose
 * (`<ApiSchema>`: a data-block page, the common data models), else the schema's first use in reading order. The
 * HTML pages keep showing the fields where they are used, for readers; an assistant reads the one description.
 *
 * Each page's Markdown comes from a worker with the schemas' fields marked (`schemaMarks`, written by
 * htmlToMarkdown.mjs); `describeSchemasOnce` then runs over every page in reading order on the build's main thread.
 */

const PREFIX = 'schema-fields';

/** The comments that mark a shared schema's fields in a page's Markdown, before `describeSchemasOnce` reads them. */
export function schemaMarks() {
  return {
    /** @param {string} key */
    start: (key) => `${PREFIX} ${key}`,
    end: `/${PREFIX}`,
    /** @param {string} key */
    home: (key) => `${PREFIX}-home ${key}`,
  };
}

const START = new RegExp(`^( *)<!--${PREFIX} (\\S+)-->$`);
const END = new RegExp(`^ *<!--/${PREFIX}-->$`);
const HOME = new RegExp(`^ *<!--${PREFIX}-home (\\S+)-->$`);

/**
 * @typedef {object} SchemaPage
 * @property {string} title
 * @property {string} markdownUrl the absolute URL of the page's Markdown
 * @property {string} markdown its article, with the schemas' fields marked
 */

/** `accounts#/components/schemas/Money` → `Money`. @param {string} key */
const schemaName = (key) => key.slice(key.lastIndexOf('/') + 1);

/** A link's text: `[`, `]` and `\` escaped. @param {string} text */
const linkText = (text) => text.replace(/([[\]\\])/g, '\\$1');

/**
 * Every page's Markdown with each shared schema's fields kept in one place and replaced by a line naming the
 * schema and linking there everywhere else; no mark is left.
 * @param {readonly SchemaPage[]} pages in reading order
 * @returns {string[]} each page's Markdown
 */
export function describeSchemasOnce(pages) {
  /** @type {Map<string, SchemaPage>} */
  const homes = new Map();
  for (const page of pages) {
    for (const line of page.markdown.split('\n')) {
      const key = HOME.exec(line)?.[1];
      if (key !== undefined && !homes.has(key)) homes.set(key, page);
    }
  }
  return pages.map((page) => {
    const lines = page.markdown.split('\n');
    /** @type {string[]} */
    const out = [];
    for (let index = 0; index < lines.length; index += 1) {
      const line = /** @type {string} */ (lines[index]);
      const start = START.exec(line);
      if (start === null) {
        if (END.test(line) || HOME.test(line)) {
          // The mark and the blank line that separates it from what follows.
          if (lines[index + 1] === '') index += 1;
          continue;
        }
        out.push(line);
        continue;
      }
      const [, indent = '', key = ''] = start;
      const home = homes.get(key);
      if (lines[index + 1] === '') index += 1;
      if (home === undefined) {
        // Its first use, and no page shows it on purpose: described here.
        homes.set(key, page);
        continue;
      }
      // Described elsewhere (or above): the region up to its end mark becomes one line.
      let depth = 1;
      while (depth > 0 && index + 1 < lines.length) {
        index += 1;
        const inner = /** @type {string} */ (lines[index]);
        if (START.test(inner)) depth += 1;
        else if (END.test(inner)) depth -= 1;
      }
      if (depth > 0) throw new Error(`page-markdown: ${page.markdownUrl}: the fields of ${key} have no end mark.`);
      const where = home === page ? 'this page' : `[${linkText(home.title)}](${home.markdownUrl})`;
      out.push(`${indent}Fields: those of \`${schemaName(key)}\`, described on ${where}.`);
      if (lines[index + 1] !== undefined && lines[index + 1] !== '') out.push('');
    }
    return out.join('\n');
  });
}
