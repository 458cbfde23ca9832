/**
 * PATCHES.md against the code and node_modules: a package that moved names the rows to check again, a patch
 * in the code without a row fails, and so does a row whose code is gone (see PATCHES.md for the format).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  findPatches,
  isInternalSpecifier,
  missingCode,
  parseLedger,
  rowsToRecheck,
  uncoveredPatches,
  type FoundPatch,
  type PackageManifest,
  type PatchRow,
} from '../patchLedger';

const ROOT = path.resolve(__dirname, '../../..');
const LEDGER = 'PATCHES.md';

const readProjectFile = (file: string): string | undefined => {
  const absolute = path.join(ROOT, file);
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
};

const manifests = new Map<string, (PackageManifest & { readonly version?: string }) | undefined>();
/** The package.json of `node_modules/<packagePath>` at the project's root, or undefined when it is not installed. */
function installedManifest(packagePath: string) {
  if (!manifests.has(packagePath)) {
    const text = readProjectFile(path.join('node_modules', packagePath, 'package.json'));
    manifests.set(packagePath, text === undefined ? undefined : (JSON.parse(text) as PackageManifest));
  }
  return manifests.get(packagePath);
}

/** The project's own code, styles and type declarations: tracked, and new files not ignored. */
function projectFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => /\.(?:[cm]?[jt]sx?|css)$/.test(file) && existsSync(path.join(ROOT, file)))
    .filter((file) => path.join(ROOT, file) !== __filename);
}

/** A found patch as a failure shows it: where, what kind, its code on one line. */
const where = (patch: FoundPatch) =>
  `${patch.file}:${patch.line} (${patch.kind}): ${patch.text.replace(/\s+/g, ' ').trim().slice(0, 160)}`;

describe(LEDGER, () => {
  const ledger = parseLedger(readProjectFile(LEDGER)!);

  test('every package with a row is installed at the version its rows were checked at', () => {
    // On a failure: check each named row as its "On upgrade" column says, then write the new version in it.
    expect(rowsToRecheck(ledger.rows, (packagePath) => installedManifest(packagePath)?.version)).toEqual([]);
  });

  test('every patch of a package in the code has a row that names its file and a text in it', () => {
    const found = projectFiles().flatMap((file) =>
      findPatches(file, readProjectFile(file)!, installedManifest, ledger.documented),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(uncoveredPatches(found, ledger.rows).map(where)).toEqual([]);
  });

  test('every file a row names is there, holding the texts the row names', () => {
    expect(missingCode(ledger.rows, readProjectFile)).toEqual([]);
  });

  test('rows have distinct names, and the README lists the ledger among its other documents', () => {
    const ids = ledger.rows.map((row) => row.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const otherDocuments = /^Other documents:[^]*?\n\n/m.exec(readProjectFile('README.md')!)?.[0];
    expect(otherDocuments).toContain('[PATCHES.md](PATCHES.md)');
  });
});

const LEDGER_FIXTURE = `# Patches

## Patches

| Row | Kind | Package, checked at | Where | What it touches | Why | On upgrade |
| --- | --- | --- | --- | --- | --- | --- |
| \`worker-swap\` | bundler swap | \`@easyops-cn/docusaurus-search-local@1.2.3\` | \`plugins/a.ts\`: \`WORKER\` | w | y | u |
| \`parser-port\` | port | \`@easyops-cn/docusaurus-search-local@1.2.3\` | \`plugins/b.mjs\`: \`parse(\`, \`mdxCodeBlock_\`<br>\`plugins/c.ts\`: \`dist/parse\` | w | y | u |
| \`nested\` | deep import | \`redoc/node_modules/marked@4.3.0\` | \`plugins/d.ts\`: \`marked\` | w | y | u |
| \`own\` | bundler swap (own code) | — | \`plugins/e.ts\`: \`STUB\` | w | y | u |

## Deep paths the package documents

| Path | Documented by |
| --- | --- |
| \`ajv/dist/2020\` | Ajv |
`;

describe('parseLedger', () => {
  const { rows, documented } = parseLedger(LEDGER_FIXTURE);

  test('reads each row: its name, package folder and version, and each file with its texts', () => {
    expect(rows).toEqual<PatchRow[]>([
      {
        id: 'worker-swap',
        kind: 'bundler swap',
        packagePath: '@easyops-cn/docusaurus-search-local',
        checkedAt: '1.2.3',
        where: [{ file: 'plugins/a.ts', anchors: ['WORKER'] }],
      },
      {
        id: 'parser-port',
        kind: 'port',
        packagePath: '@easyops-cn/docusaurus-search-local',
        checkedAt: '1.2.3',
        where: [
          { file: 'plugins/b.mjs', anchors: ['parse(', 'mdxCodeBlock_'] },
          { file: 'plugins/c.ts', anchors: ['dist/parse'] },
        ],
      },
      {
        id: 'nested',
        kind: 'deep import',
        packagePath: 'redoc/node_modules/marked',
        checkedAt: '4.3.0',
        where: [{ file: 'plugins/d.ts', anchors: ['marked'] }],
      },
      {
        id: 'own',
        kind: 'bundler swap (own code)',
        packagePath: null,
        checkedAt: null,
        where: [{ file: 'plugins/e.ts', anchors: ['STUB'] }],
      },
    ]);
    expect(documented).toEqual(['ajv/dist/2020']);
  });

  test('names the row whose place is written without a text to find', () => {
    expect(() => parseLedger(LEDGER_FIXTURE.replace('`plugins/a.ts`: `WORKER`', '`plugins/a.ts`'))).toThrow(
      'PATCHES.md row worker-swap: write each place as `file`: `text`',
    );
  });
});

describe('rowsToRecheck', () => {
  const { rows } = parseLedger(LEDGER_FIXTURE);

  test('names, per package that moved, the rows checked at another version', () => {
    const installed: Record<string, string> = {
      '@easyops-cn/docusaurus-search-local': '1.3.0',
      'redoc/node_modules/marked': '4.3.0',
    };
    expect(rowsToRecheck(rows, (name) => installed[name])).toEqual([
      '@easyops-cn/docusaurus-search-local is 1.3.0, rows checked at 1.2.3: worker-swap, parser-port',
    ]);
  });

  test('says when a package with rows is no longer installed, and is empty when every version matches', () => {
    expect(
      rowsToRecheck(rows, (name) => (name === '@easyops-cn/docusaurus-search-local' ? '1.2.3' : undefined)),
    ).toEqual(['redoc/node_modules/marked is not installed, rows checked at 4.3.0: nested']);
    expect(rowsToRecheck(rows, (name) => (name === '@easyops-cn/docusaurus-search-local' ? '1.2.3' : '4.3.0'))).toEqual(
      [],
    );
  });
});

describe('missingCode', () => {
  test('names a file that is gone and a text no longer in its file', () => {
    const { rows } = parseLedger(LEDGER_FIXTURE);
    const files: Record<string, string> = {
      'plugins/a.ts': 'const WORKER = 1;',
      'plugins/b.mjs': 'parse(tree)',
      'plugins/d.ts': "import { marked } from 'redoc/node_modules/marked';",
      'plugins/e.ts': 'STUB',
    };
    expect(missingCode(rows, (file) => files[file])).toEqual([
      'parser-port: "mdxCodeBlock_" is no longer in plugins/b.mjs',
      'parser-port: plugins/c.ts is gone',
    ]);
  });
});

describe('the scan', () => {
  const packages: Record<string, PackageManifest> = {
    '@easyops-cn/docusaurus-search-local': {},
    redoc: {},
    hono: { exports: { '.': './dist/index.js', './utils/*': './dist/utils/*.js', './cors': './dist/cors.js' } },
    '@docusaurus/theme-common': { exports: { '.': './lib/index.js', './internal': './lib/internal.js' } },
    prismjs: {},
  };
  const manifestOf = (name: string) => packages[name];

  test.each([
    ['@easyops-cn/docusaurus-search-local/dist/server/parse.js', true],
    ['redoc/node_modules/marked', true],
    ['redoc/bundles/redoc.browser.lib.js', true],
    ['@docusaurus/theme-common/internal', true],
    ['hono/dist/cors', true],
    ['hono/unlisted', true],
    ['hono/utils/mime', false],
    ['hono/cors', false],
    ['hono', false],
    ['prismjs/components/prism-bash.js', false],
    ['redoc/package.json', false],
    ['@site/src/lib/x', false],
    ['@docusaurus/Link', false],
    ['./dist/local', false],
  ])('%s reaches into the internals of an installed package: %s', (specifier, internal) => {
    expect(isInternalSpecifier(specifier, manifestOf)).toBe(internal);
  });

  test('finds deep imports in every form, with the line that holds the path, except the documented ones', () => {
    const code = [
      "import { a } from '@easyops-cn/docusaurus-search-local/dist/a';",
      'import {',
      '  b,',
      "} from '@easyops-cn/docusaurus-search-local/dist/b';",
      "/** @typedef {import('@easyops-cn/docusaurus-search-local/dist/c').C} C */",
      "const d = require.resolve('redoc/bundles/d.js');",
      "declare module '@easyops-cn/docusaurus-search-local/dist/e' {}",
      "jest.mock('@easyops-cn/docusaurus-search-local/dist/f');",
      "import Ajv from 'ajv/dist/2020';",
      "import { cors } from 'hono/cors';",
    ].join('\n');
    const found = findPatches('x.ts', code, (name) => (name === 'ajv' ? {} : manifestOf(name)), ['ajv/dist/2020']);
    expect(found.map(({ kind, line }) => `${kind} ${line}`)).toEqual([
      'deep import 1',
      'deep import 4',
      'deep import 5',
      'deep import 6',
      'deep import 7',
      'deep import 8',
    ]);
  });

  test('finds each bundler swap whole: a replaceDependency call, a swapping plugin, each alias entry, each loader rule', () => {
    const code = `
      export default () => ({
        configureWebpack(_config, isServer, utils) {
          return {
            resolve: { alias: { 'elk-layout': NO_LAYOUTS, mermaid$: PREBUILT } },
            plugins: [
              replaceDependency(utils, {
                request: /^unload$/,
                importedFrom: CONTEXT,
                replacement: PAGE_HIDE,
              }),
              new utils.currentBundler.instance.NormalModuleReplacementPlugin(/^x$/, STUB),
            ],
            module: { rules: [{ test: BUNDLE, use: [require.resolve('./loader.js')] }] },
          };
        },
      });`;
    const found = findPatches('plugins/p.ts', code, manifestOf, []);
    expect(found.map(({ kind, line, text }) => [kind, line, text.replace(/\s+/g, ' ')])).toEqual([
      ['bundler swap', 5, "'elk-layout': NO_LAYOUTS"],
      ['bundler swap', 5, 'mermaid$: PREBUILT'],
      [
        'bundler swap',
        7,
        'replaceDependency(utils, { request: /^unload$/, importedFrom: CONTEXT, replacement: PAGE_HIDE, })',
      ],
      ['bundler swap', 12, 'new utils.currentBundler.instance.NormalModuleReplacementPlugin(/^x$/, STUB)'],
      ['bundler swap', 14, "{ test: BUNDLE, use: [require.resolve('./loader.js')] }"],
    ]);
    expect(findPatches('plugins/lib/replaceDependency.ts', code, manifestOf, []).map(({ line }) => line)).not.toContain(
      12,
    );
  });

  test('finds reads of generated class names in code and styles', () => {
    const css = ".results :global([class*='searchResultItem_']) {}\n.plain {}\n";
    const code = [
      "child.className.join(' ').startsWith('mdxCodeBlock_');",
      "isDivOf(element, 'codeBlockTitle');",
      "hasClassPrefix(child, 'inline');",
      'hasClassPrefix(element, prefix);',
      "name.startsWith('language-');",
    ].join('\n');
    expect(findPatches('s.module.css', css, manifestOf, []).map(({ line }) => line)).toEqual([1]);
    expect(findPatches('m.mjs', code, manifestOf, []).map(({ line }) => line)).toEqual([1, 2, 3]);
  });

  test('a patch is covered by a row that names its file and a text inside its code, not by one elsewhere', () => {
    const { rows } = parseLedger(LEDGER_FIXTURE);
    const patch = (file: string, text: string): FoundPatch => ({ kind: 'bundler swap', file, line: 1, text });
    const covered = patch('plugins/a.ts', 'replaceDependency(utils, { importedFrom: WORKER })');
    const otherFile = patch('plugins/z.ts', 'replaceDependency(utils, { importedFrom: WORKER })');
    const otherText = patch('plugins/a.ts', 'replaceDependency(utils, { importedFrom: MARK })');
    expect(uncoveredPatches([covered, otherFile, otherText], rows)).toEqual([otherFile, otherText]);
  });
});
