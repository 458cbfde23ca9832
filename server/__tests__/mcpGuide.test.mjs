// @ts-check
// The page "Use the docs from your assistant" names the MCP server's tools as the server offers them: exactly
// those, each once in its table. Run: node --test server/__tests__/mcpGuide.test.mjs
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { MCP_GUIDE_PATH } from '../../contracts/mcp/resource.ts';
import { TOOL_NAMES } from '../mcp/tools.mjs';

test("the assistant page's table of tools lists exactly the server's tools", async () => {
  const page = await readFile(new URL(`../../${MCP_GUIDE_PATH}.mdx`, import.meta.url), 'utf8');
  const tableTools = [...page.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
  assert.deepEqual(tableTools, [...TOOL_NAMES]);
  assert.match(page, /<AssistantSetup \/>/);
});
