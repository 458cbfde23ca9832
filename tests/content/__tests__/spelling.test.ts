import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { britishSpellings as britishLines } from '../pageChecks';

const ROOT = path.join(__dirname, '..', '..', '..');
const filesUnder = (dir: string, pattern: RegExp) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('__tests__'))
    .map((file) => path.join(dir, file));

/** The text of a source file a reader can see: its string literals and JSX text, not its comments or names. */
function readerText(source: string): string {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const strings = withoutComments.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? [];
  const jsxText = withoutComments.match(/>[^<>{}]*</g) ?? [];
  return [...strings, ...jsxText].join('\n');
}

/**
 * One spelling per word: US English wherever a reader looks. The British forms are tests/content/pageChecks.ts's
 * (`spelling`, which `npm run check:docs -- <file>` runs on one page); here, on every file a reader sees.
 */
const britishSpellings = (file: string, text: string): string[] =>
  britishLines(text).map(({ message }) => `${file}: ${message}`);

describe('US English throughout', () => {
  it('the docs and the API descriptions', () => {
    const files = [
      ...filesUnder('docs', /\.mdx?$|\.json$/),
      ...filesUnder('versions', /\.mdx?$/),
      // A released description is history (openapi/released/): it was checked when it shipped.
      ...filesUnder('openapi', /\.ya?ml$/).filter((file) => !file.startsWith(path.join('openapi', 'released'))),
    ];
    expect(files.length).toBeGreaterThan(80);
    expect(files.flatMap((file) => britishSpellings(file, readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it("the site's own pages, components and settings (what they show, not their comments)", () => {
    const files = [...filesUnder('src', /\.tsx?$/), ...filesUnder('config', /\.ts$/), 'docusaurus.config.ts'];
    expect(
      files.flatMap((file) => britishSpellings(file, readerText(readFileSync(path.join(ROOT, file), 'utf8')))),
    ).toEqual([]);
  });

  it('catches a British form in a string but not in a comment', () => {
    expect(britishSpellings('x.ts', readerText("// the colour mode\nconst title = 'Sign-in was cancelled';"))).toEqual([
      "x.ts: 'Sign-in was cancelled' (/\\bcancell(ed|ing)\\b/i)",
    ]);
  });
});
