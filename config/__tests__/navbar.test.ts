import { withDefaultPositions } from '../navbar';

describe('withDefaultPositions', () => {
  it('puts custom items and the search slot on the right and the rest on the left', () => {
    const items = withDefaultPositions([{ to: '/', label: 'Home' }, { type: 'search' }, { type: 'custom-authButton' }]);
    expect(items.map((item) => item.position)).toEqual(['left', 'right', 'right']);
  });

  it('keeps an explicit position', () => {
    const items = withDefaultPositions([
      { type: 'custom-authButton', position: 'left' },
      { to: '/docs', label: 'Docs', position: 'right' },
    ]);
    expect(items.map((item) => item.position)).toEqual(['left', 'right']);
  });
});
