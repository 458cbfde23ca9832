import { diagramTitle } from '../diagramTitle';
import { minimumReadableWidth } from '../readableWidth';

describe('diagram helpers', () => {
  it('take the title from accTitle', () => {
    expect(diagramTitle('stateDiagram-v2\n  accTitle: Order status  \n  accDescr: x')).toBe('Order status');
    expect(diagramTitle('flowchart TD\n  A --> B')).toBe('Diagram');
  });

  it('keep the smallest label at 12 px', () => {
    expect(minimumReadableWidth(1600, 16)).toBe(1200);
    expect(minimumReadableWidth(700, 14)).toBe(600);
    expect(minimumReadableWidth(0, 16)).toBe(0);
    expect(minimumReadableWidth(700, 0)).toBe(0);
  });
});
