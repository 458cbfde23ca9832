import { diagramTitle } from '../diagramTitle';
import { labelSizeOnScreen, tooSmallToRead } from '../readableWidth';

describe('diagram helpers', () => {
  it('take the title from accTitle', () => {
    expect(diagramTitle('stateDiagram-v2\n  accTitle: Order status  \n  accDescr: x')).toBe('Order status');
    expect(diagramTitle('flowchart TD\n  A --> B')).toBe('Diagram');
  });

  it('scale the smallest label as the diagram is scaled to fit', () => {
    expect(labelSizeOnScreen(16, 600, 800)).toBe(12);
    expect(labelSizeOnScreen(16, 358, 1400)).toBeCloseTo(4.09, 2);
    expect(labelSizeOnScreen(16, 0, 800)).toBe(0);
    expect(labelSizeOnScreen(0, 600, 800)).toBe(0);
    expect(labelSizeOnScreen(16, 600, 0)).toBe(0);
  });

  it('call a diagram too small to read below 12 px labels, and not before it is drawn', () => {
    expect(tooSmallToRead(11.9)).toBe(true);
    expect(tooSmallToRead(12)).toBe(false);
    expect(tooSmallToRead(0)).toBe(false);
  });
});
