/**
 * The shell samples a reader copies use no variable that nothing has set: every `$NAME` of a `bash` block
 * without a default (`${NAME:-…}`) is set earlier on the page (`NAME=`, `export NAME`, `read NAME`), or the
 * text before the block links to the section of a page that sets it. The integration overview's first call,
 * which sets its own, runs as copied in a shell that has none of them. The rule is tests/content/pageChecks.ts's
 * `shellVariables` (which `npm run check:docs -- <file>` runs on one page).
 */
import { LOCAL_SANDBOX_DEMO_CLIENT } from '../../../contracts/facts';
import { docsFiles, readPage, type DocsPage } from '../docsPages';
import { problemsOf, setsOf, shellBlocks, shellVariables, usesOf } from '../pageChecks';
import { runBash, startLocalSandbox, type LocalSandbox } from '../sandboxServer';

const unsetVariables = (page: DocsPage): string[] => problemsOf(shellVariables, [page]);

describe('the shell samples of the docs', () => {
  it('read no variable that nothing on the page, or linked from it, has set', () => {
    expect(docsFiles().map(readPage).flatMap(unsetVariables)).toEqual([]);
  });

  it('are read as a shell reads them', () => {
    const code = [
      'printf "Client ID: " && read -r CLIENT_ID',
      'export CLIENT_ID CLIENT_SECRET',
      'KEY=$(uuid) && curl "${BASE_URL:-https://x}/a" -H "Key: $KEY" -H "Authorization: Bearer $ACCESS_TOKEN"',
    ].join('\n');
    expect(setsOf(code).map((set) => set.name)).toEqual(['KEY', 'CLIENT_ID', 'CLIENT_ID', 'CLIENT_SECRET']);
    expect(usesOf(code).map((use) => use.name)).toEqual(['KEY', 'ACCESS_TOKEN']);
    const page: DocsPage = {
      ...readPage('index.mdx'),
      file: 'x.mdx',
      codeBlocks: [{ lang: 'bash', meta: '', code, line: 1 }],
    };
    expect(unsetVariables(page)).toEqual(['x.mdx:1: $ACCESS_TOKEN']);
  });
});

describe("the integration overview's first call", () => {
  let sandbox: LocalSandbox;
  beforeAll(async () => {
    sandbox = await startLocalSandbox('first-call');
  });
  afterAll(() => sandbox?.close());

  it('sets the credentials and the token it uses, and reads the document types with them', async () => {
    const blocks = shellBlocks(readPage('getting-started/introduction.mdx')).map((block) => block.code);
    expect(blocks).toHaveLength(3);
    // The reader's shell: none of the variables the blocks use, only the local sandbox's URLs (the hosted sandbox
    // is unreachable here), and the credentials typed in when the first block asks for them.
    const { stdout } = await runBash(sandbox, blocks.join('\n'), {
      input: `${LOCAL_SANDBOX_DEMO_CLIENT.clientId}\n${LOCAL_SANDBOX_DEMO_CLIENT.clientSecret}\n`,
    });
    expect(stdout).toMatch(/^HTTP\/1\.1 200 OK\r?$/m);
    expect(stdout).toMatch(/"documentType": ?"ACCOUNT_AGREEMENT"/);
  }, 60_000);
});
