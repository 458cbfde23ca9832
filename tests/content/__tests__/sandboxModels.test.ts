import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCS_DIR, docsFiles, headingAnchor, readPage } from '../docsPages';

/**
 * Production behaviour the sandbox can't know, such as options approval levels, is described in one place:
 * "What the sandbox models" on Sandbox test values says what the sandbox checks and what it does not. No page or
 * description claims that the sandbox checks everything production checks, and the pages that talk about
 * testing in the sandbox link to that section.
 */
const OPENAPI_DIR = path.join(__dirname, '..', '..', '..', 'openapi');
const SANDBOX_PAGE = path.join('getting-started', 'sandbox.mdx');
const SECTION = 'What the sandbox models';
const OVER_CLAIM =
  /(same|identical) (checks|rules|behaviou?r) (as|to) (in )?production|exactly as (in )?production|(the )?same as (in )?production|identical to production|behaves? (just )?like production|same validation\b[^.|]*as production/i;

const descriptionFiles = (): string[] =>
  readdirSync(OPENAPI_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // A released description is history (openapi/released/): what it said when it shipped.
    .filter((file) => !file.startsWith(path.join(OPENAPI_DIR, 'released')));

const SRC_DIR = path.join(OPENAPI_DIR, '..', 'src');
const componentFiles = (): string[] =>
  readdirSync(SRC_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx$/.test(entry.name) && !entry.parentPath.includes('__tests__'))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** The docs pages, the descriptions and the site's own pages (the home page's hero speaks of the sandbox too). */
const sources = (): [string, string][] => [
  ...docsFiles().map((file): [string, string] => [`docs/${file}`, readFileSync(path.join(DOCS_DIR, file), 'utf8')]),
  ...descriptionFiles().map((file): [string, string] => [
    path.relative(path.join(OPENAPI_DIR, '..'), file),
    readFileSync(file, 'utf8'),
  ]),
  ...componentFiles().map((file): [string, string] => [
    path.relative(path.join(SRC_DIR, '..'), file),
    readFileSync(file, 'utf8'),
  ]),
];

describe('what the sandbox models', () => {
  it('no page or description claims the sandbox behaves as production does', () => {
    const claims = sources().flatMap(([file, text]) =>
      text
        .split('\n')
        .map((line, index) => [index + 1, OVER_CLAIM.exec(line)?.[0]] as const)
        .filter(([, match]) => match)
        .map(([line, match]) => `${file}:${line}: "${match}"`),
    );
    expect(claims).toEqual([]);
  });

  it('is one section, on Sandbox test values', () => {
    const holders = docsFiles().filter((file) =>
      readPage(file).headings.some((heading) => heading.text.trim() === SECTION),
    );
    expect(holders).toEqual([SANDBOX_PAGE]);
  });

  it('lists the option checks the sandbox makes and the approval and contract codes it never returns', () => {
    const source = readPage(SANDBOX_PAGE).source;
    const start = source.indexOf(`## ${SECTION}`);
    const section = source.slice(start, source.indexOf('\n## ', start + 1));
    for (const code of ['NO_POSITION_TO_CLOSE', 'INSUFFICIENT_BUYING_POWER', 'ACCOUNT_NOT_ACTIVE']) {
      expect(section).toContain(code);
    }
    expect(section).toMatch(/does not model/);
    for (const code of [
      'OPTIONS_NOT_APPROVED',
      'OPTIONS_LEVEL_INSUFFICIENT',
      'CONTRACT_NOT_FOUND',
      'CONTRACT_EXPIRED',
    ]) {
      expect(section).toContain(code);
    }
  });

  it('is linked from the option errors appendix, which claims no more', () => {
    const appendix = readPage(path.join('trading-api', 'options', 'appendix', 'errors.mdx'));
    expect(appendix.source).toContain(`](../../../getting-started/sandbox.mdx#${headingAnchor(SECTION)})`);
    expect(appendix.source).not.toMatch(/same checks/i);
  });
});
