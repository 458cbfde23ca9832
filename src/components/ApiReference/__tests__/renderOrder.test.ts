import {
  firstPassOperations,
  flattenContentItems,
  linkedItemId,
  nextOperationToRender,
  type ContentItemLike,
} from '../renderOrder';

/** The shape of Redoc's menu for the orders description: tags holding operations. */
const items: ContentItemLike[] = [
  {
    id: 'tag/Equity-orders',
    type: 'tag',
    items: [
      { id: 'tag/Equity-orders/operation/searchEquityOrders', type: 'operation' },
      { id: 'tag/Equity-orders/operation/placeEquityOrder', type: 'operation' },
    ],
  },
  {
    id: 'tag/Option-orders',
    type: 'tag',
    items: [
      { id: 'tag/Option-orders/operation/searchOptionOrders', type: 'operation' },
      { id: 'tag/Option-orders/operation/cancelOptionOrder', type: 'operation' },
    ],
  },
];
const flat = flattenContentItems(items);

test('flattens the menu in document order, each tag before its operations', () => {
  expect(flat.map((item) => item.id)).toEqual([
    'tag/Equity-orders',
    'tag/Equity-orders/operation/searchEquityOrders',
    'tag/Equity-orders/operation/placeEquityOrder',
    'tag/Option-orders',
    'tag/Option-orders/operation/searchOptionOrders',
    'tag/Option-orders/operation/cancelOptionOrder',
  ]);
});

describe('linkedItemId', () => {
  test.each([
    ['#operation/cancelOptionOrder', 'tag/Option-orders/operation/cancelOptionOrder'],
    ['#tag/Option-orders/operation/cancelOptionOrder', 'tag/Option-orders/operation/cancelOptionOrder'],
    ['#operation%2FplaceEquityOrder', 'tag/Equity-orders/operation/placeEquityOrder'],
    ['#operation/unknownOperation', undefined],
    // A tag is drawn at once; only operations wait.
    ['#tag/Option-orders', undefined],
    // Not a suffix match on a part of a name.
    ['#Order', undefined],
    ['#%E0%A4%A', undefined],
    ['', undefined],
  ])('%s → %s', (hash, expected) => {
    expect(linkedItemId(hash, flat)).toBe(expected);
  });
});

describe('firstPassOperations', () => {
  test('draws the first operation of the page', () => {
    expect([...firstPassOperations(flat, '')]).toEqual(['tag/Equity-orders/operation/searchEquityOrders']);
  });

  test('and the linked operation, wherever it is', () => {
    expect([...firstPassOperations(flat, '#operation/cancelOptionOrder')]).toEqual([
      'tag/Equity-orders/operation/searchEquityOrders',
      'tag/Option-orders/operation/cancelOptionOrder',
    ]);
  });
});

test('the background draws the remaining operations in document order, then stops', () => {
  const rendered = new Set(firstPassOperations(flat, '#operation/searchOptionOrders'));
  const order: string[] = [];
  for (let next = nextOperationToRender(flat, rendered); next; next = nextOperationToRender(flat, rendered)) {
    order.push(next);
    rendered.add(next);
  }
  expect(order).toEqual([
    'tag/Equity-orders/operation/placeEquityOrder',
    'tag/Option-orders/operation/cancelOptionOrder',
  ]);
});
