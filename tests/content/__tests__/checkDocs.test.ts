/**
 * `npm run check:docs` (scripts/check-docs.mjs): which pages it checks (the files given, the pages changed in git),
 * the errors it stops on, the checks about one page (tests/content/pageChecks.ts) finding what they look for, and
 * the command itself on a copy of a page, with a problem planted and without.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { changedPages, pagesToCheck, parseCheckDocsArgs, USAGE } from '../checkDocsFiles';
import { DOCS_DIR, parsePage } from '../docsPages';
import { PAGE_CHECKS } from '../pageChecks';

const ROOT = path.join(DOCS_DIR, '..');
let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const write = (file: string, text = 'text\n') => {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  writeFileSync(path.join(scratch, file), text);
};

describe('the command line of check:docs', () => {
  it('reads files, --all, nothing (the changed pages) and --help', () => {
    expect(parseCheckDocsArgs(['docs/a.mdx', 'versions/v2/b.mdx'])).toEqual({
      mode: 'files',
      files: ['docs/a.mdx', 'versions/v2/b.mdx'],
    });
    expect(parseCheckDocsArgs(['--all'])).toEqual({ mode: 'all' });
    expect(parseCheckDocsArgs([])).toEqual({ mode: 'changed' });
    expect(parseCheckDocsArgs(['--help'])).toEqual({ mode: 'help' });
  });

  it('stops on an option it does not know, and on files with --all', () => {
    expect(() => parseCheckDocsArgs(['--fast'])).toThrow(`unknown option --fast\n${USAGE}`);
    expect(USAGE).toMatch(/^Usage: npm run check:docs -- \[--all \| <file…>\]\n/);
    expect(() => parseCheckDocsArgs(['--all', 'docs/a.mdx'])).toThrow(/--all checks every page: give it no files/);
  });
});

describe('the pages changed against HEAD', () => {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: scratch,
      stdio: 'pipe',
    });

  it('are the staged, unstaged and new .md/.mdx files under docs/ and versions/, without the deleted ones', () => {
    git('init', '-q');
    for (const file of ['docs/a.mdx', 'docs/b.mdx', 'docs/old.mdx', 'docs/same.mdx', 'versions/v2/c.mdx', 'README.md'])
      write(file);
    git('add', '.');
    git('commit', '-q', '-m', 'pages');
    write('docs/a.mdx', 'edited\n'); // unstaged
    write('versions/v2/c.mdx', 'edited\n'); // staged
    git('add', 'versions/v2/c.mdx');
    write('docs/new/d.md'); // staged, new
    git('add', 'docs/new/d.md');
    write('docs/sub/e.mdx'); // untracked
    write('docs/sub/_category_.json', '{}'); // not a page
    write('README.md', 'edited\n'); // not under docs/
    git('mv', 'docs/old.mdx', 'docs/renamed.mdx');
    unlinkSync(path.join(scratch, 'docs/b.mdx')); // deleted
    expect(changedPages(scratch)).toEqual([
      'docs/a.mdx',
      'docs/new/d.md',
      'docs/renamed.mdx',
      'docs/sub/e.mdx',
      'versions/v2/c.mdx',
    ]);
  });

  it('are none in a clean checkout, and unknown outside one', () => {
    git('init', '-q');
    write('docs/a.mdx');
    git('add', '.');
    git('commit', '-q', '-m', 'pages');
    expect(changedPages(scratch)).toEqual([]);
    const outside = mkdtempSync(path.join(tmpdir(), 'check-docs-no-git-'));
    try {
      expect(changedPages(outside)).toBeNull();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('the pages given', () => {
  it('are checked in every docs version that builds them, under their name for the content checks', () => {
    write('docs/guide/a.mdx');
    write('docs/guide/replaced.mdx');
    write('docs/guide/removed.mdx');
    write('versions/v2/guide/replaced.mdx');
    write('versions/v2/removed.txt', '# gone in v2\nguide/removed.mdx\n');
    const pages = pagesToCheck(
      scratch,
      ['docs/guide/a.mdx', 'docs/guide/replaced.mdx', 'docs/guide/removed.mdx', 'versions/v2/guide/replaced.mdx'],
      scratch,
    );
    expect(pages.map(({ file, pageName, builds }) => ({ file, pageName, builds }))).toEqual([
      {
        file: 'docs/guide/a.mdx',
        pageName: 'guide/a.mdx',
        builds: [
          { version: 'current', compilePath: 'docs/guide/a.mdx' },
          { version: 'v2', compilePath: 'versioned_docs/version-v2/guide/a.mdx' },
        ],
      },
      {
        file: 'docs/guide/replaced.mdx',
        pageName: 'guide/replaced.mdx',
        builds: [{ version: 'current', compilePath: 'docs/guide/replaced.mdx' }],
      },
      {
        file: 'docs/guide/removed.mdx',
        pageName: 'guide/removed.mdx',
        builds: [{ version: 'current', compilePath: 'docs/guide/removed.mdx' }],
      },
      {
        file: 'versions/v2/guide/replaced.mdx',
        pageName: '../versions/v2/guide/replaced.mdx',
        builds: [{ version: 'v2', compilePath: 'versioned_docs/version-v2/guide/replaced.mdx' }],
      },
    ]);
  });

  it('must exist and be pages under docs/ or versions/<version>/: one error names every file that is not', () => {
    write('docs/guide/_category_.json', '{}');
    write('notes/page.mdx');
    write('versions/v9/page.mdx');
    expect(() =>
      pagesToCheck(
        scratch,
        ['docs/missing.mdx', 'docs/guide', 'docs/guide/_category_.json', 'notes/page.mdx', 'versions/v9/page.mdx'],
        scratch,
      ),
    ).toThrow(
      [
        'docs/missing.mdx: no such file',
        'docs/guide: not a page (a .md or .mdx file)',
        'docs/guide/_category_.json: not a page (a .md or .mdx file)',
        `notes/page.mdx: not under docs/ or versions/<version>/ (versions/v2/) of ${scratch}`,
        `versions/v9/page.mdx: not under docs/ or versions/<version>/ (versions/v2/) of ${scratch}`,
      ].join('\n'),
    );
  });
});

describe('the checks about one page', () => {
  it('each find the problem they look for, on its line', () => {
    const source = [
      '---',
      'title: A page',
      '---',
      '',
      'Write this part later, TODO.',
      'Pick a colour.',
      '#### Too deep',
      '```',
      'no language',
      '```',
      '```json',
      '{ "a": 1, }',
      '```',
      '```mermaid',
      'flowchart LR',
      '  a --> b',
      '```',
      ':::info Sandbox only',
      ':::',
      'See [nothing](./no-such-page.mdx) and [nowhere](/docs/no-such-route).',
      '```bash',
      'curl -H "Authorization: Bearer $NEVER_SET" https://example.com',
      '```',
    ].join('\n');
    const page = parsePage('guide/planted.mdx', source);
    const found = PAGE_CHECKS.flatMap((check) => check.problems(page).map((problem) => `${check.id}:${problem.line}`));
    expect(found).toEqual([
      'placeholders:5',
      'spelling:6',
      'headings:7',
      'code-language:8',
      'json:11',
      'diagram-title:14',
      'admonition-title:18',
      'links:20',
      'links:20',
      'shell-variables:21',
      'prose:1',
    ]);
  });
});

describe('npm run check:docs -- <file>', () => {
  const PAGE = 'docs/trading-api/equity/single-equity-order.mdx';
  const run = (...files: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'check-docs.mjs'), ...files], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, CHECK_DOCS_ROOT: scratch },
    });

  it('fails on a copy of a page with a planted problem, naming its line and what to do, and passes on the page as it is', () => {
    mkdirSync(path.join(scratch, path.dirname(PAGE)), { recursive: true });
    cpSync(path.join(ROOT, PAGE), path.join(scratch, PAGE));
    const clean = run(PAGE);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toContain(`${PAGE} (v1, v2): no problems`);
    expect(clean.stdout).toMatch(/run with `npm run check:docs -- --all` and in CI/);
    expect(clean.status).toBe(0);

    const lines = readFileSync(path.join(ROOT, PAGE), 'utf8').split('\n');
    const at = lines.indexOf('## Prerequisites');
    lines.splice(at, 0, 'This section is coming soon.', '');
    writeFileSync(path.join(scratch, PAGE), lines.join('\n'));
    const planted = run(PAGE);
    expect(planted.stdout).toContain(`${PAGE}:${at + 1}: [placeholders] "coming soon": This section is coming soon.`);
    expect(planted.stdout).toContain('what to do: write the text the placeholder stands for');
    expect(planted.status).toBe(1);

    // A reference block naming no operation: the build's own error, on the block's line, once for both versions.
    const block = lines.indexOf('<ApiOperation operationId="placeEquityOrder" />');
    lines[block] = '<ApiOperation operationId="placeEquityOrdr" />';
    writeFileSync(path.join(scratch, PAGE), lines.join('\n'));
    const broken = run(PAGE);
    expect(broken.stdout).toContain(
      `${PAGE}:${block + 1}: [compile] ${PAGE}: no operation "placeEquityOrdr" in openapi/ (as the v1 and v2 docs build it)`,
    );
    expect(broken.status).toBe(1);
  }, 60_000);

  it('stops with a clear error on a file that is not a page of the docs, or an option it does not know', () => {
    const result = run('docs/no-such-page.mdx');
    expect(result.stderr).toBe('check:docs: docs/no-such-page.mdx: no such file\n');
    expect(result.status).toBe(2);
    const unknown = run('--fast');
    expect(unknown.stderr).toBe(`check:docs: unknown option --fast\n${USAGE}\n`);
    expect(unknown.status).toBe(2);
    const help = run('--help');
    expect(help.stdout).toBe(`${USAGE}\n`);
    expect(help.status).toBe(0);
  }, 60_000);
});
