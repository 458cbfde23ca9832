/** The plugin's classes are CSS-module names with a hash: match them by their stable part. */
const PATH = '[class*="searchResultItemPath"]';
const SUMMARY = '[class*="searchResultItemSummary"]';
/** The attribute the search page's CSS shows after a section result's title: the page it is on. */
export const PAGE_ATTRIBUTE = 'data-page';

/**
 * Tidies the search plugin's result list in place, without touching the nodes React renders (it only
 * sets attributes, so it can run again after every render):
 * - a result for a section of a page names that page after its title (the last crumb of its path);
 * - of results that lead to the same place under the same title, only the first with a snippet (or
 *   else the first) shows; the others are hidden.
 */
export function tidyResults(root: ParentNode): void {
  const articles = Array.from(root.querySelectorAll('article')).filter((article) => article.querySelector('h2 a'));
  const kept = new Map<string, HTMLElement>();
  for (const article of articles) {
    const heading = article.querySelector('h2')!;
    const href = heading.querySelector('a')!.getAttribute('href') ?? '';
    const [address = '', hash = ''] = href.split('#');
    const title = heading.textContent?.trim() ?? '';
    const page = article.querySelector(PATH)?.textContent?.split('›').pop()?.trim() ?? '';
    if (hash && page && page !== title) heading.setAttribute(PAGE_ATTRIBUTE, page);
    else heading.removeAttribute(PAGE_ATTRIBUTE);

    const key = `${address.split('?')[0]}#${hash}|${title}`;
    const first = kept.get(key);
    if (!first) {
      kept.set(key, article);
      article.hidden = false;
    } else if (!first.querySelector(SUMMARY) && article.querySelector(SUMMARY)) {
      first.hidden = true;
      article.hidden = false;
      kept.set(key, article);
    } else {
      article.hidden = true;
    }
  }
}
