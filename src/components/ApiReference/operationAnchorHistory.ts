import type { HistoryService } from 'redoc';
import { operationAnchor } from './operationIndex';

/**
 * The address an item of Redoc's menu gets on this site. Redoc names an operation inside its tag
 * (`tag/Equity-orders/operation/placeEquityOrder`); the site's anchor is `operation/<operationId>`, the
 * one the docs pages link to and the prerendered page holds. Other items keep Redoc's name.
 */
export function siteAnchorFor(itemId: string): string {
  const operationId = /(?:^|\/)operation\/([^/]+)$/.exec(itemId)?.[1];
  return operationId === undefined ? itemId : operationAnchor(operationId);
}

/**
 * Redoc's history, as the reference page uses it: links and menu clicks write the site's anchor, and
 * scrolling never rewrites the address (Redoc would otherwise replace the reader's `#operation/<id>`
 * with whichever item scrolls past the top).
 */
export function operationAnchorHistory(history: HistoryService): HistoryService {
  const replace = (id: string | null, rewriteHistory = false): void => {
    // Redoc rewrites the history only to follow the scroll position.
    if (rewriteHistory || id === null) return;
    history.replace(encodeURI(siteAnchorFor(decodeURI(id))));
  };
  const linkForId = (id: string): string => history.linkForId(siteAnchorFor(id));
  // Everything else is Redoc's (its `replace` is a getter on the prototype, so these are defined, not assigned).
  const siteHistory: HistoryService = Object.create(history, {
    replace: { value: replace },
    linkForId: { value: linkForId },
  });
  return siteHistory;
}
