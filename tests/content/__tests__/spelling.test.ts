import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One spelling per word: US English wherever a reader looks. British forms this site has used or could
 * slip into (each pattern names the word stem; "cancellation" is US English too, so it is not here).
 */
const BRITISH = [
  /\bcolour/i,
  /\bbehaviour/i,
  /\bauthoris/i,
  /\borganis/i,
  /\bcancell(ed|ing)\b/i,
  /\blicence/i,
  /\bnormalis/i,
  /\bcatalogue/i,
  /\bfavourite/i,
  /\bhonour/i,
  /\banalys(e|ed|es|ing)\b/i,
  /\binitialis/i,
  /\brecognis/i,
  /\bcustomis/i,
  /\boptimis/i,
  /\bcentre/i,
  /\bserialis/i,
  /\bsummaris/i,
  /\bprioritis/i,
  /\butilis/i,
  /\bemphasis(e|ed|ing)\b/i,
];

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

function britishSpellings(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) =>
      BRITISH.filter((pattern) => pattern.test(line)).map(
        (pattern) => `${file}: ${line.trim().slice(0, 100)} (${pattern})`,
      ),
    );
}

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
