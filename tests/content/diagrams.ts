/**
 * Reads the Mermaid state diagrams and flowcharts of the docs pages as the content checks see them: the
 * nodes, the edges between them and the labels a reader sees. Sequence diagrams are messages, not a
 * graph, and are not read here.
 */
import type { DocsPage } from './docsPages';

export interface DiagramEdge {
  readonly from: string;
  readonly to: string;
  readonly label: string;
}

export interface Diagram {
  /** `file:line` of the block. */
  readonly where: string;
  readonly file: string;
  readonly kind: 'stateDiagram' | 'flowchart';
  /** Node ids (state names in a state diagram), without the `[*]` start and end. */
  readonly nodes: ReadonlySet<string>;
  /** Labels of nodes that have one: `state "NEW or PARTIALLY_FILLED" as Working`, `a["List types"]`. */
  readonly nodeLabels: ReadonlyMap<string, string>;
  /** Every edge, `[*]` included as a node name. */
  readonly edges: readonly DiagramEdge[];
  /** Lines with a `click` directive. */
  readonly clicks: readonly string[];
}

const SKIPPED = /^(?:accTitle|accDescr|%%|classDef|class |style |linkStyle|direction\b|note\b|end$)/;

/** `a["List types"]`, `B{An address}`, `C(Round)`, or a bare id: the id and the label if any. */
function flowchartNode(text: string): { id: string; label?: string } {
  const match = /^([A-Za-z0-9_-]+)\s*(?:\[\s*"?([^\]"]*)"?\s*\]|\{\s*"?([^}"]*)"?\s*\}|\(\s*"?([^)"]*)"?\s*\))?$/.exec(
    text.trim(),
  );
  if (!match) return { id: text.trim() };
  return { id: match[1], label: match[2] ?? match[3] ?? match[4] };
}

function parseStateDiagram(lines: string[]): Pick<Diagram, 'nodes' | 'nodeLabels' | 'edges'> {
  const nodeLabels = new Map<string, string>();
  const edges: DiagramEdge[] = [];
  for (const line of lines) {
    const alias = /^state\s+"([^"]+)"\s+as\s+(\S+)$/.exec(line);
    if (alias) {
      nodeLabels.set(alias[2], alias[1]);
      continue;
    }
    const transition = /^(\S+)\s*-->\s*(\S+?)\s*(?::\s*(.*))?$/.exec(line);
    if (transition) edges.push({ from: transition[1], to: transition[2], label: (transition[3] ?? '').trim() });
  }
  const nodes = new Set(
    [...nodeLabels.keys(), ...edges.flatMap((edge) => [edge.from, edge.to])].filter((node) => node !== '[*]'),
  );
  return { nodes, nodeLabels, edges };
}

function parseFlowchart(lines: string[]): Pick<Diagram, 'nodes' | 'nodeLabels' | 'edges'> {
  const nodeLabels = new Map<string, string>();
  const nodes = new Set<string>();
  const edges: DiagramEdge[] = [];
  const remember = (text: string): string => {
    const node = flowchartNode(text);
    nodes.add(node.id);
    if (node.label !== undefined) nodeLabels.set(node.id, node.label);
    return node.id;
  };
  for (const line of lines) {
    // `a --> b`, `a -->|label| b`, `a -- label --> b`, `a -.-> b`, `a ==> b`
    const edge = /^(.+?)\s*(?:--\s+([^-]+?)\s+-->|-->\s*\|([^|]*)\||-->|-\.->|==>)\s*(.+)$/.exec(line);
    if (edge) {
      edges.push({ from: remember(edge[1]), to: remember(edge[4]), label: (edge[2] ?? edge[3] ?? '').trim() });
    } else if (!/^click\b/.test(line)) {
      remember(line);
    }
  }
  return { nodes, nodeLabels, edges };
}

/** The state diagrams and flowcharts of a page. */
export function diagramsOf(page: DocsPage): Diagram[] {
  return page.codeBlocks
    .filter((block) => block.lang === 'mermaid')
    .flatMap((block): Diagram[] => {
      const [first = '', ...rest] = block.code.split('\n').map((line) => line.trim());
      const lines = rest.filter((line) => line && !SKIPPED.test(line));
      const clicks = lines.filter((line) => /^click\b/.test(line));
      const where = `${page.file}:${block.line}`;
      if (/^stateDiagram/.test(first))
        return [{ where, file: page.file, kind: 'stateDiagram', clicks, ...parseStateDiagram(lines) }];
      if (/^(?:flowchart|graph)\b/.test(first))
        return [{ where, file: page.file, kind: 'flowchart', clicks, ...parseFlowchart(lines) }];
      return [];
    });
}

/** The statuses each node can reach by following edges, the node itself not included unless on a cycle. */
export function reachable(edges: readonly Pick<DiagramEdge, 'from' | 'to'>[], from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const edge of edges.filter((candidate) => candidate.from === current && !seen.has(candidate.to))) {
      seen.add(edge.to);
      queue.push(edge.to);
    }
  }
  return seen;
}
