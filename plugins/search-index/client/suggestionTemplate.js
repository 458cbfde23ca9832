/**
 * The local-search theme's search box result (`client/theme/SearchBar/SuggestionTemplate.js`, 0.55), as its
 * search box imports it, put in its place by `plugins/search-index` at bundle time. A result of a later docs
 * version's own page says that version ("v2 (preview)"), read from its page's title document (`v`, written by
 * plugins/search-index/versions.ts), so that a reader can tell it from the v1 page of the same name.
 */
import { SuggestionTemplate as ThemeSuggestionTemplate } from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate';
import { escapeHtml } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/escapeHtml';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

/** The label's class (src/css/custom.css). */
export const VERSION_LABEL_CLASS = 'search-result-version';

/** @param {Parameters<typeof ThemeSuggestionTemplate>[0]} result */
export function SuggestionTemplate(result) {
  const html = ThemeSuggestionTemplate(result);
  const label = (result.page || result.document)?.v;
  if (typeof label !== 'string' || label === '') return html;
  // At the end of the result's text, before its "open" icon.
  const action = `<span class="${styles.hitAction}">`;
  const at = html.lastIndexOf(`</span>${action}`);
  if (at === -1) return html;
  return `${html.slice(0, at)}<span class="${VERSION_LABEL_CLASS}">${escapeHtml(label)}</span>${html.slice(at)}`;
}
