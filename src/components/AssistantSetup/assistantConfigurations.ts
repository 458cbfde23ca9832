/**
 * What a reader pastes into each assistant to connect it to the docs' MCP server: plain data, so the page and
 * its tests read the same text.
 */

export interface AssistantConfiguration {
  /** The tab's value. */
  readonly id: string;
  /** The assistant's name, the tab's label. */
  readonly label: string;
  /** Where the text goes, said before it. */
  readonly where: string;
  readonly language: 'bash' | 'json';
  /** The code block's title: a file name, or none for a command. */
  readonly title?: string;
  readonly code: string;
  /** How the first sign-in starts, said after it. */
  readonly signIn: string;
}

/** A name an assistant shows for the server: the site's title in lowercase words joined by `-`. */
export function serverNameOf(siteTitle: string): string {
  const name = siteTitle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return name === '' ? 'docs' : name;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The configuration of each assistant the page covers, for the server at `serverUrl`. */
export function assistantConfigurations(serverUrl: string, serverName: string): readonly AssistantConfiguration[] {
  return [
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run this once in a terminal:',
      language: 'bash',
      code: `claude mcp add --transport http ${serverName} ${serverUrl}`,
      signIn: `Then, in Claude Code, run /mcp, choose ${serverName} and Authenticate: your browser opens our sign-in page.`,
    },
    {
      id: 'cursor',
      label: 'Cursor',
      where: 'Add the server to .cursor/mcp.json in your project (or ~/.cursor/mcp.json for every project):',
      language: 'json',
      title: '.cursor/mcp.json',
      code: json({ mcpServers: { [serverName]: { url: serverUrl } } }),
      signIn: 'Cursor asks you to sign in the first time it connects; your browser opens our sign-in page.',
    },
    {
      id: 'vs-code',
      label: 'VS Code',
      where: 'Add the server to .vscode/mcp.json in your workspace:',
      language: 'json',
      title: '.vscode/mcp.json',
      code: json({ servers: { [serverName]: { type: 'http', url: serverUrl } } }),
      signIn: 'Start it from the Start link above the server in that file; VS Code asks to sign in, in your browser.',
    },
    {
      id: 'other',
      label: 'Other assistants',
      where: 'Any assistant that supports remote MCP servers (the Streamable HTTP transport) with OAuth sign-in:',
      language: 'bash',
      code: serverUrl,
      signIn: 'It finds our identity provider from the server itself, and signs you in in your browser.',
    },
  ];
}
