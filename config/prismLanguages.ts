/**
 * The languages code blocks are highlighted in: Prism component ids (https://prismjs.com/#supported-languages);
 * their aliases (`sh`, `shell`, `js`, `py`, …) work too. Only these are shipped to the browser
 * (`plugins/prism-languages`), and a code block in any other language stops the build with a message naming it.
 * To use another language, add its id here. `js-extras` is no language of its own: it adds the finer JavaScript
 * tokens (property access, methods) that prism-react-renderer's bundle had, so samples keep their colours.
 */
export const HIGHLIGHTED_LANGUAGES = ['bash', 'http', 'javascript', 'js-extras', 'json', 'python'] as const;
