/** @jest-environment jsdom */
import { tidyResults } from '../tidyResults';

interface Result {
  readonly title: string;
  readonly href: string;
  readonly path: string;
  readonly summary?: string;
}

function list(results: readonly Result[]): HTMLElement {
  const root = document.createElement('div');
  for (const { title, href, path, summary } of results) {
    const article = document.createElement('article');
    const heading = article.appendChild(document.createElement('h2'));
    const link = heading.appendChild(document.createElement('a'));
    link.setAttribute('href', href);
    link.textContent = title;
    const crumbs = article.appendChild(document.createElement('p'));
    crumbs.className = 'searchResultItemPath_abc1';
    crumbs.textContent = path;
    if (summary) {
      const snippet = article.appendChild(document.createElement('p'));
      snippet.className = 'searchResultItemSummary_def2';
      snippet.textContent = summary;
    }
    root.appendChild(article);
  }
  return root;
}

const shown = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('article'))
    .filter((article) => !article.hidden)
    .map((article) => {
      const snippet = article.querySelector<HTMLElement>('[class*="searchResultItemSummary"]');
      const heading = article.querySelector('h2')!.textContent;
      return snippet && !snippet.hidden ? `${heading}: ${snippet.textContent}` : heading;
    });

const PAGE = '/docs/trading-api/equity/search-equity-orders?_highlight=orders';
const CRUMBS = 'Documentation › Trading API › Equity orders › Search equity orders';

describe('tidyResults', () => {
  it("hides a snippet that only repeats the result's title, and keeps one that says more", () => {
    const root = list([
      {
        title: 'limitPrice (request.limitPrice)',
        href: `${PAGE}#request.limitPrice`,
        path: CRUMBS,
        summary: ' limitPrice  (request.limitPrice)',
      },
      { title: 'Related endpoints', href: `${PAGE}#related-endpoints`, path: CRUMBS, summary: 'Get an equity order' },
    ]);
    tidyResults(root);
    expect(shown(root)).toEqual(['limitPrice (request.limitPrice)', 'Related endpoints: Get an equity order']);
  });

  it('shows one result per place and title, the one with a snippet', () => {
    const root = list([
      { title: 'Search equity orders', href: PAGE, path: 'Documentation › Trading API › Equity orders' },
      { title: 'Polling working orders', href: `${PAGE}#polling-working-orders`, path: CRUMBS },
      { title: 'Search equity orders', href: PAGE, path: CRUMBS, summary: '… a filtered, paginated list' },
      { title: 'Search equity orders', href: PAGE, path: CRUMBS, summary: 'another snippet' },
    ]);
    tidyResults(root);
    expect(shown(root)).toEqual(['Polling working orders', 'Search equity orders: … a filtered, paginated list']);
    expect(root.querySelectorAll('article')[2].hidden).toBe(false);
  });

  it('can run again after the list changes: a result that is no longer a duplicate shows again', () => {
    const root = list([
      { title: 'A', href: '/docs/a', path: 'Documentation' },
      { title: 'A', href: '/docs/a', path: 'Documentation' },
    ]);
    tidyResults(root);
    expect(shown(root)).toEqual(['A']);
    root.querySelectorAll('h2 a')[1].textContent = 'B';
    tidyResults(root);
    expect(shown(root)).toEqual(['A', 'B']);
  });
});
