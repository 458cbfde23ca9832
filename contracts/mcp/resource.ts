/**
 * Where the docs' MCP server lives and what it is called as an OAuth protected resource: `<base URL>mcp`, and
 * its resource identifier (RFC 8707), the URL an assistant connects to, `<site origin><base URL>mcp`. The build
 * writes the identifier into the gate manifest; the server mounts the MCP server there and checks that access
 * tokens name it as their audience.
 *
 * Plain code, no imports: the build and the server (Node and the Worker) load it as it is.
 */

/** The MCP server's path relative to the site's base URL. */
export const MCP_PATH = 'mcp';

/**
 * The MCP server's resource identifier.
 * @param siteOrigin the site's origin, e.g. `https://developers.clearing.example` (a path is ignored)
 * @param baseUrl the site's base URL, starting and ending with `/`
 */
export function mcpResourceUrl(siteOrigin: string, baseUrl: string): string {
  return `${new URL(siteOrigin).origin}${baseUrl}${MCP_PATH}`;
}

/** The docs page that says how to connect an assistant, relative to the base URL (the metadata links to it). */
export const MCP_GUIDE_PATH = 'docs/getting-started/assistant';
