import type { HistoryService } from 'redoc';
import { operationAnchorHistory, siteAnchorFor } from '../operationAnchorHistory';

describe('siteAnchorFor', () => {
  it.each([
    ['tag/Equity-orders/operation/placeEquityOrder', 'operation/placeEquityOrder'],
    ['operation/placeEquityOrder', 'operation/placeEquityOrder'],
    ['tag/Equity-orders', 'tag/Equity-orders'],
    ['section/Authentication', 'section/Authentication'],
    ['tag/Equity-orders/paths/~1orders~1equity/get', 'tag/Equity-orders/paths/~1orders~1equity/get'],
  ])('%s → %s', (itemId, anchor) => {
    expect(siteAnchorFor(itemId)).toBe(anchor);
  });
});

describe('operationAnchorHistory', () => {
  /** Like Redoc's history, whose `replace` is a getter (decko's `@bind`) and cannot be assigned. */
  function redocHistory() {
    const replace = jest.fn();
    const history = Object.defineProperties(
      {},
      {
        replace: { get: () => replace },
        linkForId: { value: (id: string) => `#${id}` },
        currentId: { get: () => 'operation/getEquityOrder' },
      },
    ) as HistoryService;
    return { history, replace };
  }

  it('writes the site anchor when the reader follows a link or the menu', () => {
    const { history, replace } = redocHistory();
    operationAnchorHistory(history).replace(encodeURI('tag/Equity-orders/operation/placeEquityOrder'));
    expect(replace).toHaveBeenCalledWith('operation/placeEquityOrder');
  });

  it('leaves the address alone while the reader scrolls', () => {
    const { history, replace } = redocHistory();
    operationAnchorHistory(history).replace('tag/Equity-orders/operation/placeEquityOrder', true);
    expect(replace).not.toHaveBeenCalled();
  });

  it('links to the site anchor and reads the rest from Redoc', () => {
    const history = operationAnchorHistory(redocHistory().history);
    expect(history.linkForId('tag/Option-orders/operation/getOptionOrder')).toBe('#operation/getOptionOrder');
    expect(history.currentId).toBe('operation/getEquityOrder');
  });
});
