import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { fillSignInForm, submitSignInForm } from '../../dev/idp/testing.mjs';
import { A_FRACTIONAL_OPTION_ORDER } from '../../server/__tests__/mcpFixtureBuild.mjs';
import { signInAsAssistant } from './mcpClient';

/**
 * A reader's assistant using the docs' MCP server as a real MCP client does: the MCP SDK's own client, which finds
 * the protected resource's metadata from the 401, the provider's metadata, registers itself, signs the reader in
 * with PKCE and the resource indicator, and calls every tool; each answer checked against the built site. Then the
 * calls the server must refuse. Shared by the site at `/` (mcp.spec.ts) and under a base URL
 * (tests/e2e-base-url/mcp.spec.ts).
 */

/** Where the assistant listens for the provider's answer: a loopback address (RFC 8252), caught by `page.route`. */
const REDIRECT_URI = 'http://127.0.0.1:33419/callback';

/** A server the checks run against: `origin` answers for the site (the resource's origin, or the Worker's). */
interface McpTarget {
  readonly name: string;
  readonly start: () => Promise<{ origin: string; close: () => Promise<void> }>;
}

export interface McpSessionSettings {
  /** The build the servers serve, whose files the answers must equal. */
  readonly buildDir: string;
  /** The MCP server's resource identifier, as the build names it: `<site origin><base URL>mcp`. */
  readonly resource: string;
  readonly baseUrl: string;
  readonly issuer: string;
  readonly targets: readonly McpTarget[];
  /** The site's ID token for the signed-in demo developer, where the config signs one in. */
  readonly idToken?: () => string;
  /** Gives one client's MCP access tokens a lifetime of `seconds`, where the provider has test controls. */
  readonly shortenTokens?: (clientId: string, seconds: number) => Promise<void>;
}

/**
 * The assistant's sign-in, as the SDK asks a client to provide it: it keeps what the SDK hands it, and its
 * `redirectToAuthorization` is the reader at the provider's form in Chromium; the code comes back to the loopback
 * address.
 */
class ChromiumSignIn implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  code: string | undefined;
  private client: OAuthClientInformationMixed | undefined;
  private savedTokens: OAuthTokens | undefined;
  private verifier = '';
  private readonly expectedState = randomBytes(12).toString('hex');

  constructor(private readonly page: Page) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Browser test assistant (MCP SDK)',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.savedTokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens = tokens;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.authorizationUrl = authorizationUrl;
    let answer: URL | undefined;
    await this.page.route(`${REDIRECT_URI}**`, async (route) => {
      answer = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'Signed in: you can close this tab.' });
    });
    await this.page.goto(authorizationUrl.href);
    await fillSignInForm(this.page);
    await submitSignInForm(this.page);
    await this.page.waitForURL((url) => url.href.startsWith(REDIRECT_URI));
    if (answer?.searchParams.get('state') !== this.expectedState) throw new Error(`unexpected answer: ${answer}`);
    this.code = answer.searchParams.get('code') ?? undefined;
  }
}

/**
 * `fetch`, sent again when undici finds the kept-alive connection it reused closed under it (UND_ERR_SOCKET, "other
 * side closed"). workerd's listener (miniflare) closes the connection of a request whose body the Worker did not
 * read, which a refused call's is not, and undici may reuse that connection before it sees the close, and resends
 * no POST itself: 2 of 200 refused POSTs in a row failed so. Every MCP call here only reads, so a resend is safe.
 */
async function fetchResending(input: string | URL, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(input, init);
    } catch (error) {
      const closed = (error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_SOCKET';
      if (!closed || attempt === 4) throw error;
      // Lets the sockets' close events run, so that the pool drops the connections the server closed.
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * The assistant's `fetch`, with the resource's origin answered by `origin`: the Worker on workerd listens on a port
 * of its own, while the build names the site's origin as the resource, as a deployment's DNS would send it to the
 * Worker. Each address asked for is added to `seen`.
 */
function answeredBy(resourceOrigin: string, origin: string, seen: string[]): typeof fetch {
  return (input, init) => {
    if (input instanceof Request) throw new TypeError('the MCP SDK sends a URL, not a Request');
    const url = new URL(String(input));
    seen.push(url.href);
    return fetchResending(url.origin === resourceOrigin ? new URL(`${url.pathname}${url.search}`, origin) : url, init);
  };
}

/** The text of a tool's answer, and a line for the run report's transcript. */
async function callTool(client: Client, info: TestInfo, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  const text = content
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join('');
  // The answer's title (a page's Markdown starts with its front matter), or its first line.
  const headline = (text.split('\n').find((line) => /^#+ /.test(line)) ?? text.split('\n', 1)[0]).slice(0, 120);
  const shownArgs = JSON.stringify(args);
  info.annotations.push({
    type: 'mcp call',
    description: `${name} ${shownArgs.length > 100 ? `${shownArgs.slice(0, 100)}…` : shownArgs} → ${result.isError ? 'error: ' : ''}${headline} (${text.length} characters)`,
  });
  return { text, isError: result.isError === true };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds the session and the refusals, once per target. */
export function describeMcpSession(settings: McpSessionSettings): void {
  const { buildDir, resource, baseUrl, issuer } = settings;
  const resourceUrl = new URL(resource);
  const built = (file: string) => readFileSync(path.join(buildDir, file), 'utf8');
  // Read when a test runs, not when the file is loaded: listing the tests needs no build.
  type Catalogue = {
    versions: string[];
    operations: { operationId: string; method: string; path: string; serverUrl: string }[];
  };
  const catalogue = (file = 'docs/mcp-catalog.json') => JSON.parse(built(file)) as Catalogue;
  /** An operation's path as the tools give it: under its server's path (`/v1/orders/equity`, `/v2/…`). */
  const pathOf = (operation: Catalogue['operations'][number]) =>
    `${new URL(operation.serverUrl).pathname.replace(/\/+$/, '')}${operation.path}`;
  const SHORT_PAGE = 'docs/getting-started/standard-errors';
  const LONG_PAGE = 'docs/trading-api/options/single-option-order';

  /** Lines of documentation text a refusal must not hold: every longer line of the pages the calls ask for. */
  const documentationLines = () =>
    [SHORT_PAGE, LONG_PAGE].flatMap((page) =>
      built(`${page}.md`)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length >= 24),
    );

  for (const target of settings.targets) {
    test.describe(`the MCP server on ${target.name}`, () => {
      let site: { origin: string; close: () => Promise<void> };
      let mcpUrl: string;
      test.beforeAll(async () => {
        site = await target.start();
        mcpUrl = `${site.origin}${resourceUrl.pathname}`;
      });
      test.afterAll(async () => site?.close());

      test('the MCP SDK client discovers the sign-in, signs in through the form, and every tool answers as the build says', async ({
        page,
      }) => {
        const info = test.info();
        const seen: string[] = [];
        const fetchFn = answeredBy(resourceUrl.origin, site.origin, seen);
        const signIn = new ChromiumSignIn(page);
        const transportOptions = { authProvider: signIn, fetch: fetchFn };
        const clientInfo = { name: 'docs-browser-test', version: '1.0.0' };

        // As the SDK's examples do: the first connection ends at the sign-in, the code finishes it, then reconnect.
        const first = new StreamableHTTPClientTransport(resourceUrl, transportOptions);
        await expect(new Client(clientInfo).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
        expect(signIn.code, 'the code at the loopback address').toBeTruthy();
        await first.finishAuth(signIn.code!);
        await first.close();

        const authorize = signIn.authorizationUrl!;
        expect(authorize.origin).toBe(issuer);
        expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
          resource,
          scope: 'docs.read',
          code_challenge_method: 'S256',
          redirect_uri: REDIRECT_URI,
        });
        // What the SDK fetched by itself: the resource's metadata, the provider's, the registration, the token.
        const paths = seen.map((url) => url.replace(/\?.*$/, ''));
        expect(paths).toEqual(
          expect.arrayContaining([
            resource,
            `${resourceUrl.origin}/.well-known/oauth-protected-resource${resourceUrl.pathname}`,
            `${issuer}/connect/register`,
            `${issuer}/connect/token`,
          ]),
        );
        expect(paths.some((url) => url.startsWith(`${issuer}/.well-known/`))).toBe(true);
        const accessToken = signIn.tokens()!.access_token;
        const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
          aud: string | string[];
          scope: string;
        };
        expect([claims.aud].flat()).toEqual([resource]);
        expect(claims.scope.split(' ')).toContain('docs.read');
        info.annotations.push({
          type: 'mcp sign-in',
          description: `registered, signed in at ${authorize.origin}, token for ${resource} (${claims.scope})`,
        });

        const client = new Client(clientInfo);
        await client.connect(new StreamableHTTPClientTransport(resourceUrl, transportOptions));
        try {
          const siteUrl = `${site.origin}${baseUrl}`;
          const { tools } = await client.listTools();
          info.annotations.push({ type: 'mcp call', description: `tools/list → ${tools.map(({ name }) => name)}` });
          expect(tools.map(({ name }) => name).sort()).toEqual([
            'explain_error',
            'get_operation',
            'list_operations',
            'read_page',
            'search_docs',
            'validate_request',
          ]);
          for (const tool of tools) {
            expect(tool.inputSchema.type, tool.name).toBe('object');
            expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
          }

          const search = await callTool(client, info, 'search_docs', { query: 'limitPrice', limit: 20 });
          for (const [page, operationId] of [
            ['trading-api/equity/single-equity-order', 'placeEquityOrder'],
            ['trading-api/options/single-option-order', 'placeOptionOrder'],
            ['trading-api/options/block-option-order', 'placeBlockOptionOrder'],
          ]) {
            expect(search.text).toMatch(
              new RegExp(
                `URL: ${escape(siteUrl)}docs/${page}#request\\.limitPrice\\n\\s+Field anchor: request\\.limitPrice\\n\\s+Operation: ${operationId} `,
              ),
            );
            expect(built(`docs/${page}.md`)).toContain('limitPrice');
          }

          const short = await callTool(client, info, 'read_page', { page: `/${SHORT_PAGE}` });
          expect(short.text).toBe(built(`${SHORT_PAGE}.md`));
          const longMarkdown = built(`${LONG_PAGE}.md`);
          const parts: string[] = [];
          for (let part = 1; part <= 10; part += 1) {
            const { text } = await callTool(client, info, 'read_page', { page: LONG_PAGE, part });
            const footer = /\n\n\[Part \d+ of (\d+)[^\]]*\]$/.exec(text);
            expect(footer, text.slice(-200)).toBeTruthy();
            parts.push(text.slice(0, footer!.index));
            if (part === Number(footer![1])) break;
          }
          expect(parts.length).toBeGreaterThanOrEqual(2);
          expect(longMarkdown.startsWith(parts[0])).toBe(true);
          expect(parts.join('\n')).toBe(longMarkdown.replace(/\n$/, ''));

          const equityOrder = catalogue().operations.find(({ operationId }) => operationId === 'placeEquityOrder')!;
          const operation = await callTool(client, info, 'get_operation', { operationId: 'placeEquityOrder' });
          expect(operation.text).toContain(`\`${equityOrder.method} ${pathOf(equityOrder)}\``);
          expect(pathOf(equityOrder)).toBe('/v1/orders/equity');

          // One call of the v2 docs (the preview): v2's cancel where the build has v2, else the tool says this
          // build has v1 only (the base-URL build, DOCS_VERSIONS=current).
          const v2Cancel = await callTool(client, info, 'get_operation', {
            operationId: 'cancelEquityOrder',
            version: 'v2',
            parts: ['parameters'],
          });
          if (catalogue().versions.includes('v2')) {
            const cancel = catalogue('docs/v2/mcp-catalog.json').operations.find(
              ({ operationId }) => operationId === 'cancelEquityOrder',
            )!;
            expect(`${cancel.method} ${pathOf(cancel)}`).toBe('POST /v2/orders/equity/{orderId}/cancel');
            expect(v2Cancel.isError).toBe(false);
            expect(v2Cancel.text).toContain(
              '`POST /v2/orders/equity/{orderId}/cancel` (`cancelEquityOrder`, orders API v2',
            );
            expect(v2Cancel.text).toContain(`- Page: ${siteUrl}docs/v2/trading-api/equity/cancel-equity-order`);
            expect(v2Cancel.text).not.toContain('Deprecated');
          } else {
            expect(catalogue().versions).toEqual(['v1']);
            expect(v2Cancel.isError).toBe(true);
            expect(v2Cancel.text).toMatch(/^No docs version "v2": this build has v1 only\./);
          }
          expect(operation.text).toContain('anchor `request.limitPrice`');

          const check = await callTool(client, info, 'validate_request', A_FRACTIONAL_OPTION_ORDER);
          // On Node the module is imported from the build; on workerd, from the Worker's bundle.
          expect(check.text).toMatch(/^invalid: /);
          expect(check.text).toMatch(/- field `quantity`: issue `whole_number` /);
          expect(check.text).toContain(`${siteUrl}docs/trading-api/options/single-option-order#request.quantity`);
          // The code the errors page gives for a fractional contract quantity.
          expect(built('docs/getting-started/standard-errors.md')).toMatch(
            /\| `whole_number` \| The value must be a whole number, such as a block quantity or a contract quantity\. \|/,
          );

          const explained = await callTool(client, info, 'explain_error', {
            code: 'INSUFFICIENT_BUYING_POWER',
            status: 422,
            operationId: 'placeOptionOrder',
          });
          expect(explained.text).toContain(
            `## Option order errors (${siteUrl}docs/trading-api/options/appendix/errors)`,
          );
          expect(explained.text).toContain('| What to do: Reduce the contracts or add funds.');
          expect(built('docs/trading-api/options/appendix/errors.md')).toMatch(
            /\| `INSUFFICIENT_BUYING_POWER` \|.*\| Reduce the contracts or add funds\. \|/,
          );

          const listed = await callTool(client, info, 'list_operations', {});
          expect(listed.text).toMatch(new RegExp(`^${catalogue().operations.length} operations of the v1 docs:`));
          for (const operation of catalogue().operations) {
            expect(listed.text).toContain(`| \`${pathOf(operation)}\` | \`${operation.operationId}\` |`);
          }

          const resources = [];
          let cursor: string | undefined;
          do {
            const answer = await client.listResources(cursor === undefined ? {} : { cursor });
            resources.push(...answer.resources);
            cursor = answer.nextCursor;
          } while (cursor !== undefined);
          info.annotations.push({ type: 'mcp call', description: `resources/list → ${resources.length} pages` });
          expect(resources.length).toBeGreaterThan(50);
          // The resources are the build's pages as Markdown: one for each `.md` file (`<page>.md`, `<page>/index.md`)
          // of every docs version the build has, as each one's llms index lists them (v2's are docs/v2/…).
          const fileOf = (uri: string) => {
            const page = uri.replace(/^docs:\/\//, '');
            return existsSync(path.join(buildDir, `${page}.md`)) ? `${page}.md` : `${page}/index.md`;
          };
          const markdownFiles = readdirSync(path.join(buildDir, 'docs'), { recursive: true, encoding: 'utf8' })
            .filter((file) => file.endsWith('.md'))
            .map((file) => `docs/${file.split(path.sep).join('/')}`);
          expect(markdownFiles.some((file) => file.startsWith('docs/v2/'))).toBe(catalogue().versions.includes('v2'));
          expect(resources.map(({ uri }) => fileOf(uri)).sort()).toEqual(markdownFiles.sort());
          const uri = `docs://${SHORT_PAGE}`;
          expect(resources.map((item) => item.uri)).toContain(uri);
          const { contents } = await client.readResource({ uri });
          info.annotations.push({
            type: 'mcp call',
            description: `resources/read ${uri} → ${contents.length} content, text/markdown`,
          });
          expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: built(`${SHORT_PAGE}.md`) }]);
        } finally {
          await client.close();
        }
      });

      const refusedKinds = [
        'anonymous',
        ...(settings.idToken ? ["the site's ID token"] : []),
        'another audience',
        'a revoked token',
        ...(settings.shortenTokens ? ['an expired token'] : []),
      ];
      test(`refused with no documentation text: ${refusedKinds.join(', ')}`, async ({ browser }) => {
        /** A sign-in in a browser of its own: the provider's session of an earlier one would skip the form. */
        async function signInFresh(forResource: string, beforeSignIn?: (clientId: string) => Promise<void>) {
          const context = await browser.newContext();
          try {
            return await signInAsAssistant(await context.newPage(), forResource, issuer, beforeSignIn);
          } finally {
            await context.close();
          }
        }

        /** The status of `tools/list` sent with `token`. */
        async function listStatus(token: string): Promise<number> {
          const response = await fetchResending(mcpUrl, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
              Authorization: `Bearer ${token}`,
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
          });
          await response.body?.cancel();
          return response.status;
        }
        const claimsOf = (token: string) =>
          JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { client_id: string; exp: number };

        /** A tool call and a resource read sent alone with `token` (if any): both must be refused with 401. */
        async function refused(label: string, token?: string) {
          for (const [id, message] of [
            { method: 'tools/call', params: { name: 'read_page', arguments: { page: SHORT_PAGE } } },
            { method: 'resources/read', params: { uri: `docs://${LONG_PAGE}` } },
          ].entries()) {
            const response = await fetchResending(mcpUrl, {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Accept: 'application/json, text/event-stream',
                ...(token ? { Authorization: `Bearer ${token}` } : {}),
              },
              body: JSON.stringify({ jsonrpc: '2.0', id, ...message }),
            });
            const body = await response.text();
            expect(response.status, `${label}: ${message.method}`).toBe(401);
            expect(response.headers.get('WWW-Authenticate'), label).toContain(
              `resource_metadata="${resourceUrl.origin}/.well-known/oauth-protected-resource${resourceUrl.pathname}"`,
            );
            expect(
              documentationLines().filter((line) => body.includes(line)),
              label,
            ).toEqual([]);
            test.info().annotations.push({
              type: 'mcp refusal',
              description: `${label}, ${message.method}: 401 ${body.slice(0, 160)}`,
            });
          }
        }

        await refused('anonymous');
        if (settings.idToken) {
          const cookie = settings.idToken();
          await refused("the site's ID token", cookie.slice(cookie.indexOf('=') + 1));
        }
        const elsewhere = await signInFresh('http://localhost:1/mcp');
        await refused('a token for http://localhost:1/mcp', elsewhere.access_token);

        // A token that worked, revoked at the provider by its client: the server asks the provider and refuses it.
        const tokens = await signInFresh(resource);
        expect(await listStatus(tokens.access_token)).toBe(200);
        const { client_id: clientId } = claimsOf(tokens.access_token);
        const revocation = await fetch(`${issuer}/connect/revocation`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            token: tokens.access_token,
            token_type_hint: 'access_token',
            client_id: clientId,
          }),
        });
        expect(revocation.status).toBe(200);
        await refused('a revoked token', tokens.access_token);

        // A token that worked, past its expiry: its client's tokens last seconds, not the provider's ten minutes. The
        // server's own check allows 60 s of clock skew; the provider, asked about every call, says it has expired.
        const { shortenTokens } = settings;
        if (shortenTokens) {
          const expiring = await signInFresh(resource, (id) => shortenTokens(id, 5));
          const { exp } = claimsOf(expiring.access_token);
          expect(await listStatus(expiring.access_token)).toBe(200);
          await expect.poll(() => listStatus(expiring.access_token), { timeout: 30_000 }).toBe(401);
          expect(Date.now() / 1000).toBeGreaterThanOrEqual(exp);
          await refused('an expired token', expiring.access_token);
        }
      });
    });
  }
}
