import { loadBundled, type JsonObject } from '../../../openapi/descriptions';
import { diagramsOf, reachable, type Diagram, type DiagramEdge } from '../diagrams';
import { docsFiles, readPage, textLines } from '../docsPages';

/**
 * The Mermaid diagrams against the descriptions and against each other: the order lifecycle draws the
 * transitions `OrderStatus` lists in `x-transitions`, one diagram is drawn once (a partial when two pages
 * show it), and a page asks readers to select a step only in a diagram whose steps are links.
 */

const pages = docsFiles().map(readPage);
const diagrams = pages.flatMap(diagramsOf);

const orderStatus = (
  (loadBundled('orders', { dereferenced: false }).components as JsonObject).schemas as Record<string, JsonObject>
).OrderStatus;
const statuses = (orderStatus.enum as unknown[]).map(String);
const statusMeanings = (orderStatus['x-enum-descriptions'] ?? {}) as Record<string, string>;
/** Final statuses: their meaning ends "Final.", the others' "Not final.". */
const finals = statuses.filter((status) => /(?<!Not )\bfinal\.\s*$/i.test(statusMeanings[status] ?? ''));
const working = statuses.filter((status) => !finals.includes(status));
const allowed: DiagramEdge[] = Object.entries((orderStatus['x-transitions'] ?? {}) as Record<string, string[]>).flatMap(
  ([from, targets]) => targets.map((to) => ({ from, to, label: '' })),
);
const edgeKey = (edge: Pick<DiagramEdge, 'from' | 'to'>) => `${edge.from} --> ${edge.to}`;

/**
 * The order statuses a node of a diagram stands for: a status itself, or an alias whose label names
 * statuses (`state "NEW or PARTIALLY_FILLED" as Working`); `null` for any other node.
 */
function statusesOf(diagram: Diagram, node: string): string[] | null {
  if (statuses.includes(node)) return [node];
  const named = (diagram.nodeLabels.get(node)?.match(/\b[A-Z][A-Z_]+\b/g) ?? []).filter((word) =>
    statuses.includes(word),
  );
  return named.length > 0 ? named : null;
}

/** The state diagrams whose every state is an order status: the order lifecycle. */
const lifecycle = diagrams.filter(
  (diagram) =>
    diagram.kind === 'stateDiagram' &&
    diagram.nodes.size > 1 &&
    [...diagram.nodes].every((node) => statusesOf(diagram, node) !== null),
);
/** Their transitions between statuses, aliases expanded, the start and end left out. */
const drawn = lifecycle.flatMap((diagram) =>
  diagram.edges
    .filter((edge) => edge.from !== '[*]' && edge.to !== '[*]')
    .flatMap((edge) =>
      statusesOf(diagram, edge.from)!.flatMap((from) =>
        statusesOf(diagram, edge.to)!
          .filter((to) => to !== from)
          .map((to) => ({ from, to, label: edge.label, where: diagram.where })),
      ),
    ),
);

describe('the order status description', () => {
  it('names the final statuses the same way in its text and in the meaning of each value', () => {
    const listed = /^(.*?) are final\./m.exec(String(orderStatus.description))?.[1] ?? '';
    expect(finals.length).toBeGreaterThan(1);
    expect([...listed.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]).sort()).toEqual([...finals].sort());
  });

  it('lists in x-transitions where each status that is not final can go, and nothing leaves a final status', () => {
    expect(allowed.length).toBeGreaterThan(0);
    expect([...new Set(allowed.map((edge) => edge.from))].sort()).toEqual([...working].sort());
    expect(allowed.filter((edge) => !statuses.includes(edge.to)).map(edgeKey)).toEqual([]);
  });

  it('lets every status that is not final still fill and still expire (a working order can fill until its time in force runs out)', () => {
    const stuck = working.flatMap((status) =>
      ['FILLED', 'EXPIRED']
        .filter((final) => !reachable(allowed, status).has(final))
        .map((final) => `${status} never reaches ${final}`),
    );
    expect(stuck).toEqual([]);
  });
});

describe('the order lifecycle diagrams', () => {
  it('are on the Trading API overview and draw every order status', () => {
    expect(lifecycle.map((diagram) => diagram.file)).toContain('trading-api/index.mdx');
    const shown = new Set(
      lifecycle.flatMap((diagram) => [...diagram.nodes].flatMap((node) => statusesOf(diagram, node) ?? [])),
    );
    expect(statuses.filter((status) => !shown.has(status))).toEqual([]);
  });

  it('draw only the transitions of x-transitions, and every one of them', () => {
    const allowedKeys = new Set(allowed.map(edgeKey));
    const drawnKeys = new Set(drawn.map(edgeKey));
    expect({
      notInTheDescription: drawn
        .filter((edge) => !allowedKeys.has(edgeKey(edge)))
        .map((e) => `${e.where}: ${edgeKey(e)}`),
      notDrawn: [...allowedKeys].filter((key) => !drawnKeys.has(key)),
    }).toEqual({ notInTheDescription: [], notDrawn: [] });
  });

  it('lead every status that is not final to each final status the description lets it reach, and nowhere from a final one', () => {
    const wrong = statuses.flatMap((status) => {
      const expected = [...reachable(allowed, status)].filter((target) => finals.includes(target)).sort();
      const shown = [...reachable(drawn, status)].filter((target) => finals.includes(target)).sort();
      return JSON.stringify(expected) === JSON.stringify(shown)
        ? []
        : [
            `${status}: reaches ${shown.join(', ') || 'nothing'} in the diagrams, ${expected.join(', ') || 'nothing'} in the description`,
          ];
    });
    expect(wrong).toEqual([]);
  });
});

describe('every diagram', () => {
  it('is drawn once: no two diagrams show the same states or nodes (with the same or other labels)', () => {
    const keyOf = (diagram: Diagram) =>
      [
        diagram.kind,
        [...diagram.nodes].sort().join(','),
        // Flowchart node ids are often letters (A, B, C): two flowcharts are the same only with the same edges.
        diagram.kind === 'flowchart' ? diagram.edges.map(edgeKey).sort().join(';') : '',
      ].join('|');
    const labelsOf = (diagram: Diagram) =>
      JSON.stringify([
        [...diagram.nodeLabels].sort(),
        diagram.edges.map((edge) => `${edgeKey(edge)} : ${edge.label}`).sort(),
      ]);
    const groups = new Map<string, Diagram[]>();
    for (const diagram of diagrams.filter((candidate) => candidate.nodes.size > 1))
      groups.set(keyOf(diagram), [...(groups.get(keyOf(diagram)) ?? []), diagram]);
    expect(diagrams.length).toBeGreaterThan(5);
    const repeated = [...groups.values()]
      .filter((group) => group.length > 1)
      .map(
        (group) =>
          `${group.map((diagram) => diagram.where).join(' and ')} draw the same diagram${
            new Set(group.map(labelsOf)).size > 1 ? ' with different labels' : ''
          }: draw it once in a partial (docs/**/_partials/) and import it`,
      );
    expect(repeated).toEqual([]);
  });

  it('in a sequence, has no message from a participant to itself (Mermaid centers its label on the lifeline, across it): a Note says it', () => {
    const selfMessages = pages.flatMap((page) =>
      page.codeBlocks
        .filter((block) => block.lang === 'mermaid' && /^\s*sequenceDiagram\b/m.test(block.code))
        .flatMap((block) =>
          block.code
            .split('\n')
            .map((line, offset) => ({ line, at: block.line + 1 + offset }))
            .filter(({ line }) => /^\s*([\w-]+)\s*-[->x)]+\s*\1\s*:/.test(line))
            .map(({ line, at }) => `${page.file}:${at}: ${line.trim()}`),
        ),
    );
    expect(selfMessages).toEqual([]);
  });

  it('that a page asks readers to select or click has click directives on its steps', () => {
    const asksToSelect = /\b(?:select|click|tap|choose)\b[^.]*\b(?:steps?|boxe?s?|nodes?|states?|shapes?|diagram)\b/i;
    const wrong = pages.flatMap((page) => {
      const text = textLines(page);
      return page.codeBlocks
        .filter((block) => block.lang === 'mermaid')
        .flatMap((block) => {
          const end = block.line + block.code.split('\n').length + 1;
          const near = text.filter(({ line }) => line >= block.line - 3 && line <= end + 3);
          const hasClicks = /^\s*click\b/m.test(block.code);
          return near
            .filter(({ text: line }) => asksToSelect.test(line) && !hasClicks)
            .map(({ line, text: sentence }) => `${page.file}:${line}: ${sentence.trim().slice(0, 100)}`);
        });
    });
    expect(wrong).toEqual([]);
  });
});
