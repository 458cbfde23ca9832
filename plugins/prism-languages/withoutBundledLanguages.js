/**
 * prism-react-renderer's bundle defines some 40 Prism languages as it loads (markup, jsx, tsx, swift, kotlin, c, cpp,
 * go, rust, graphql, yaml and more), each `insertBefore` walking every grammar defined so far: on a phone, a large
 * part of the time main.js takes to start. This loader cuts those definitions out of the bundle; Prism's core, the
 * themes and `<Highlight>` stay, and Docusaurus adds the languages the site uses from prismjs's components
 * (`themeConfig.prism.additionalLanguages`, see index.ts).
 */
const LANGUAGES_START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
const LANGUAGES_END = '// src/themes/index.ts';

module.exports = function withoutBundledLanguages(source) {
  const start = source.indexOf(LANGUAGES_START);
  const end = start === -1 ? -1 : source.indexOf(LANGUAGES_END, start);
  if (end === -1) {
    throw new Error(
      `${this.resourcePath}: the languages section of prism-react-renderer's bundle was not found ` +
        `("${LANGUAGES_START.split('\n')[0]}" up to "${LANGUAGES_END}"). prism-react-renderer changed: ` +
        'update plugins/prism-languages/withoutBundledLanguages.js.',
    );
  }
  return source.slice(0, start + LANGUAGES_START.length) + source.slice(end);
};
