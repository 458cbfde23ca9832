// Compiles a docs page the way the site build does (MDX, GFM, directives, the highlighted languages and the API
// reference blocks), without building the site. The reference blocks read the descriptions of the docs version the
// path names (`versioned_docs/version-v2/…` for v2, any other path for v1: config/docsVersions.ts).
import { createRequire } from 'node:module';
import { compile } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const remarkApiReference = jiti('../../plugins/remark-api-reference/index.ts');
const { remarkHighlightedLanguages } = jiti('../../plugins/prism-languages/index.ts');
const { HIGHLIGHTED_LANGUAGES } = jiti('../../config/prismLanguages.ts');

/**
 * The MDX of a page without its front matter, which the docs plugin reads apart: blank lines in its place, so that
 * an error names the line of the file.
 */
export const withoutFrontMatter = (source) =>
  source.replace(/^---\n[\s\S]*?\n---\n/, (frontMatter) => '\n'.repeat(frontMatter.split('\n').length - 1));

/** Compiles `source` as the page at `where`; throws the build's error (its message names `where` and the line). */
export async function compilePage(source, where) {
  await compile(
    { value: withoutFrontMatter(source), path: where },
    {
      remarkPlugins: [
        remarkGfm,
        remarkDirective,
        remarkApiReference,
        [remarkHighlightedLanguages, { languages: HIGHLIGHTED_LANGUAGES }],
      ],
    },
  );
}
