/** The plugin's classes are CSS-module names with a hash: match them by their stable part. */
const SUMMARY = '[class*="searchResultItemSummary"]';

const textOf = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * Tidies the search plugin's result list in place, without touching the nodes React renders (it only
 * sets attributes, so it can run again after every render). Each result says a thing once: its title,
 * then its place (the plugin's breadcrumb, which ends with the page a section is on), then a snippet.
 * - A snippet that only repeats the title is hidden: a field's or an operation's document is its title
 *   (`limitPrice (request.limitPrice)`), so its snippet said the title again.
 * - Of results that lead to the same place under the same title, only the first with a snippet (or
 *   else the first) shows; the others are hidden.
 */
export function tidyResults(root: ParentNode): void {
  const articles = Array.from(root.querySelectorAll('article')).filter((article) => article.querySelector('h2 a'));
  const kept = new Map<string, HTMLElement>();
  for (const article of articles) {
    const heading = article.querySelector('h2')!;
    const href = heading.querySelector('a')!.getAttribute('href') ?? '';
    const [address = '', hash = ''] = href.split('#');
    const title = textOf(heading);
    const summary = article.querySelector<HTMLElement>(SUMMARY);
    if (summary) summary.hidden = textOf(summary) === title;
    const hasSnippet = (candidate: HTMLElement) => {
      const snippet = candidate.querySelector<HTMLElement>(SUMMARY);
      return Boolean(snippet && !snippet.hidden);
    };

    const key = `${address.split('?')[0]}#${hash}|${title}`;
    const first = kept.get(key);
    if (!first) {
      kept.set(key, article);
      article.hidden = false;
    } else if (!hasSnippet(first) && hasSnippet(article)) {
      first.hidden = true;
      article.hidden = false;
      kept.set(key, article);
    } else {
      article.hidden = true;
    }
  }
}
