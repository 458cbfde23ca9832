import { assistantConfigurations, serverNameOf } from '../assistantConfigurations';

const URL = 'https://developers.clearing.example/docs-site/mcp';

describe('serverNameOf', () => {
  test.each([
    ['Clearing API Developer Docs', 'clearing-api-developer-docs'],
    ['  Ünïcode & Co. — Docs ', 'n-code-co-docs'],
    ['???', 'docs'],
  ])('%j → %s', (title, name) => {
    expect(serverNameOf(title)).toBe(name);
  });
});

describe('assistantConfigurations', () => {
  const configurations = assistantConfigurations(URL, 'clearing-docs');
  const byId = new Map(configurations.map((configuration) => [configuration.id, configuration]));

  test('Claude Code: one command naming the server and its address, over HTTP', () => {
    expect(byId.get('claude-code')?.code).toBe(`claude mcp add --transport http clearing-docs ${URL}`);
  });

  test("Cursor and VS Code: each editor's own file shape, as valid JSON holding the address", () => {
    expect(JSON.parse(byId.get('cursor')?.code ?? '')).toEqual({ mcpServers: { 'clearing-docs': { url: URL } } });
    expect(JSON.parse(byId.get('vs-code')?.code ?? '')).toEqual({
      servers: { 'clearing-docs': { type: 'http', url: URL } },
    });
    expect(byId.get('cursor')?.title).toBe('.cursor/mcp.json');
    expect(byId.get('vs-code')?.title).toBe('.vscode/mcp.json');
  });

  test('every assistant gets the address and says how its sign-in starts', () => {
    expect([...byId.keys()]).toEqual(['claude-code', 'cursor', 'vs-code', 'other']);
    for (const { code, signIn, label } of configurations) {
      expect(code).toContain(URL);
      expect(signIn).toMatch(/sign/i);
      expect(label).not.toBe('');
    }
  });
});
