import { compactSearchIndex, positionsInSnippet, type SearchIndexPart } from '../compactSearchIndex';

describe('positionsInSnippet', () => {
  test.each([
    { positions: [], expected: [] },
    { positions: [[10, 4]], expected: [[10, 4]] },
    // Out of order, as lunr may store them: the window opens at the first occurrence.
    {
      positions: [
        [500, 4],
        [40, 4],
        [140, 4],
        [141, 4],
      ],
      expected: [
        [40, 4],
        [140, 4],
      ],
    },
  ] as { positions: [number, number][]; expected: [number, number][] }[])('$positions', ({ positions, expected }) => {
    expect(positionsInSnippet(positions, 100)).toEqual(expected);
  });
});

describe('compactSearchIndex', () => {
  const part = {
    documents: [{ i: 1, t: 'text' }],
    index: {
      version: '2.3.9',
      fields: ['t'],
      fieldVectors: [['t/1', [0, 1.2]]],
      invertedIndex: [
        [
          'account',
          {
            _index: 0,
            t: {
              '1': {
                position: [
                  [0, 7],
                  [50, 7],
                  [400, 7],
                ],
              },
              '2': { position: [[300, 7]] },
            },
          },
        ],
      ] as [string, Record<string, unknown>][],
    },
  };

  test('keeps what a snippet can show of each term in each document, and everything else as it was', () => {
    const [compacted] = compactSearchIndex([part], 100);
    expect(compacted.documents).toBe(part.documents);
    expect(compacted.index).toMatchObject({ version: '2.3.9', fields: ['t'], fieldVectors: part.index.fieldVectors });
    expect(compacted.index.invertedIndex).toEqual([
      [
        'account',
        {
          _index: 0,
          t: {
            '1': {
              position: [
                [0, 7],
                [50, 7],
              ],
            },
            '2': { position: [[300, 7]] },
          },
        },
      ],
    ]);
  });

  test('the highlighted snippet of any query is unchanged', () => {
    // What the plugin does with a result: all positions of the matched terms, sorted, from the first on.
    const snippet = (index: SearchIndexPart['index'], terms: string[], length: number) => {
      const positions = index.invertedIndex
        .filter(([term]) => terms.includes(term))
        .flatMap(([, postings]) => (postings.t as Record<string, { position: [number, number][] }>)['1'].position)
        .sort((a, b) => a[0] - b[0]);
      return positions.filter(([start]) => start <= positions[0][0] + length);
    };
    const [compacted] = compactSearchIndex([part], 100);
    expect(snippet(compacted.index, ['account'], 100)).toEqual(snippet(part.index, ['account'], 100));
    expect(snippet(compacted.index, ['account'], 50)).toEqual(snippet(part.index, ['account'], 50));
  });
});
