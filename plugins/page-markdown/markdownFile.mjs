// @ts-check
/**
 * A page's Markdown file around its article. Apart from `htmlToMarkdown.mjs`, so that the plugin, loaded with the
 * site's config on the build's main thread, does not load the HTML and Markdown libraries only the build's workers
 * use (about 0.15 s of the build's start).
 */

/** A front-matter value: YAML's double-quoted form, which JSON's string syntax is a subset of. @param {string} value */
function yamlString(value) {
  return JSON.stringify(value);
}

/**
 * A page's Markdown file: a front matter with its title, description and address, then its article.
 * @param {{ readonly pageUrl: string, readonly title: string, readonly description: string | undefined }} page
 * @param {string} article the page's article as Markdown (`articleMarkdown` in htmlToMarkdown.mjs)
 */
export function markdownFile({ pageUrl, title, description }, article) {
  const frontMatter = [
    '---',
    `title: ${yamlString(title)}`,
    ...(description ? [`description: ${yamlString(description)}`] : []),
    `source: ${yamlString(pageUrl)}`,
    '---',
  ];
  return `${frontMatter.join('\n')}\n\n${article}`;
}
