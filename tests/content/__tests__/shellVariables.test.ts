/**
 * The shell samples a reader copies use no variable that nothing has set: every `$NAME` of a `bash` block
 * without a default (`${NAME:-…}`) is set earlier on the page (`NAME=`, `export NAME`, `read NAME`), or the
 * text before the block links to the section of a page that sets it. The integration overview's first call,
 * which sets its own, runs as copied in a shell that has none of them.
 */
import path from 'node:path';
import { LOCAL_SANDBOX_DEMO_CLIENT } from '../../../contracts/facts';
import { docsFiles, headingAnchor, readPage, type CodeBlock, type DocsPage } from '../docsPages';
import { runBash, startLocalSandbox, type LocalSandbox } from '../sandboxServer';

const SHELL = new Set(['bash', 'sh', 'shell']);
const NAME = '[A-Z_][A-Z0-9_]*';

interface Position {
  readonly name: string;
  readonly index: number;
}

/** The variables a block sets, where: assignments, `export A B`, `read -flags A B`. */
function setsOf(code: string): Position[] {
  const found: Position[] = [];
  for (const match of code.matchAll(new RegExp(`(?:^|[\\s;&|(])(${NAME})=`, 'g')))
    found.push({ name: match[1], index: match.index });
  for (const match of code.matchAll(new RegExp(`\\b(?:export|read)((?:\\s+-\\w+)*)((?:\\s+${NAME}\\b(?!=))+)`, 'g')))
    for (const name of match[2].trim().split(/\s+/)) found.push({ name, index: match.index });
  return found;
}

/** The variables a block reads without a default. */
function usesOf(code: string): Position[] {
  return [...code.matchAll(new RegExp(`\\$(?:\\{(${NAME})\\}|(${NAME})(?![A-Za-z0-9_]))`, 'g'))].map((match) => ({
    name: match[1] ?? match[2],
    index: match.index,
  }));
}

const shellBlocks = (page: DocsPage): CodeBlock[] => page.codeBlocks.filter((block) => SHELL.has(block.lang));

/** What the blocks of one section (a heading and what follows up to the next heading of its level) set. */
function setInSection(file: string, anchor: string): Set<string> {
  const page = readPage(file);
  const start = page.headings.find((heading) => headingAnchor(heading.text) === anchor);
  if (!start) return new Set();
  const end = page.headings.find((heading) => heading.line > start.line && heading.depth <= start.depth);
  return new Set(
    shellBlocks(page)
      .filter((block) => block.line > start.line && (!end || block.line < end.line))
      .flatMap((block) => setsOf(block.code).map((set) => set.name)),
  );
}

/** The variables that the sections linked from a page's text before `line` set. */
function setByLinkedSections(page: DocsPage, line: number): Set<string> {
  const before = page.source.split('\n').slice(0, line - 1);
  const names = new Set<string>();
  for (const text of before) {
    for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*\.mdx)?#([\w-]+)\)/g)) {
      const file = target ? path.join(path.dirname(page.file), target) : page.file;
      for (const name of setInSection(file, anchor)) names.add(name);
    }
  }
  return names;
}

/** `file:line: $NAME` for each variable a block reads before anything on or linked from the page sets it. */
function unsetVariables(page: DocsPage): string[] {
  const setBefore = new Set<string>();
  return shellBlocks(page).flatMap((block) => {
    const sets = setsOf(block.code);
    const linked = setByLinkedSections(page, block.line);
    const unset = usesOf(block.code).filter(
      (use) =>
        !setBefore.has(use.name) &&
        !linked.has(use.name) &&
        !sets.some((set) => set.name === use.name && set.index < use.index),
    );
    for (const set of sets) setBefore.add(set.name);
    return [...new Set(unset.map((use) => use.name))].map((name) => `${page.file}:${block.line}: $${name}`);
  });
}

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
