/** The name a Mermaid diagram gives itself (`accTitle: …`), for the controls that open and name its full-screen view. */
export function diagramTitle(source: string): string {
  return /^\s*accTitle\s*:\s*(.+?)\s*$/m.exec(source)?.[1] ?? 'Diagram';
}
