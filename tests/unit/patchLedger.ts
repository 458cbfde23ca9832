/**
 * PATCHES.md as data, and a scan of the code for the patches of other packages' internals that it must list:
 * imports of a package's internals, bundler swaps, reads of generated class names. Pure functions: the test in
 * `__tests__/patchLedger.test.ts` hands them the files and the installed packages.
 */
import * as ts from 'typescript';

/** One row of the ledger's "Patches" table. */
export interface PatchRow {
  readonly id: string;
  readonly kind: string;
  /** The package's folder under node_modules (`redoc`, `@docusaurus/core`, `redoc/node_modules/marked`), or null for the site's own code. */
  readonly packagePath: string | null;
  readonly checkedAt: string | null;
  /** Each file the row names, with the texts that must stay in it. */
  readonly where: readonly { readonly file: string; readonly anchors: readonly string[] }[];
}

export interface Ledger {
  readonly rows: readonly PatchRow[];
  /** Deep paths a package documents as its public API: no row needed. */
  readonly documented: readonly string[];
}

const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The table rows (cells, trimmed) under the heading `## title`, header and separator left out. */
function tableUnder(markdown: string, title: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${title}`);
  if (start === -1) throw new Error(`PATCHES.md has no "## ${title}" section`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) continue;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

/** `name@1.2.3` (a scoped name keeps its first `@`) as its folder and version. */
function packageAndVersion(cell: string, id: string): { packagePath: string | null; checkedAt: string | null } {
  if (cell === '—') return { packagePath: null, checkedAt: null };
  const [spec] = codeSpans(cell);
  const at = spec?.lastIndexOf('@') ?? -1;
  if (!spec || at <= 0) throw new Error(`PATCHES.md row ${id}: write the package as \`name@version\` (got "${cell}")`);
  return { packagePath: spec.slice(0, at), checkedAt: spec.slice(at + 1) };
}

/** The ledger's two tables. Throws, naming the row, on a row that does not follow the format. */
export function parseLedger(markdown: string): Ledger {
  const rows = tableUnder(markdown, 'Patches').map((cells): PatchRow => {
    const [idCell = '', kind = '', packageCell = '', whereCell = ''] = cells;
    const [id] = codeSpans(idCell);
    if (cells.length !== 7 || !id)
      throw new Error(`PATCHES.md: a row of the Patches table is malformed: ${cells.join(' | ')}`);
    const where = whereCell.split('<br>').map((entry) => {
      const [file, ...anchors] = codeSpans(entry);
      if (!file || anchors.length === 0) {
        throw new Error(`PATCHES.md row ${id}: write each place as \`file\`: \`text\`, \`text\` (got "${entry}")`);
      }
      return { file, anchors };
    });
    return { id, kind, ...packageAndVersion(packageCell, id), where };
  });
  const documented = tableUnder(markdown, 'Deep paths the package documents').flatMap(([cell = '']) =>
    codeSpans(cell).slice(0, 1),
  );
  return { rows, documented };
}

/**
 * For each package whose installed version is not the one its rows were checked at, a line naming the rows:
 * `redoc is 2.6.0, rows checked at 2.5.4: redoc-dom, redoc-offline-logo`.
 */
export function rowsToRecheck(
  rows: readonly PatchRow[],
  installedVersion: (packagePath: string) => string | undefined,
): string[] {
  const byPackage = new Map<string, PatchRow[]>();
  for (const row of rows) {
    if (row.packagePath) byPackage.set(row.packagePath, [...(byPackage.get(row.packagePath) ?? []), row]);
  }
  const messages: string[] = [];
  for (const [packagePath, packageRows] of [...byPackage].sort(([a], [b]) => a.localeCompare(b))) {
    const installed = installedVersion(packagePath);
    const stale = packageRows.filter((row) => row.checkedAt !== installed);
    if (stale.length === 0) continue;
    const checkedAt = [...new Set(stale.map((row) => row.checkedAt))].join(' and ');
    messages.push(
      `${packagePath} is ${installed ?? 'not installed'}, rows checked at ${checkedAt}: ${stale.map((row) => row.id).join(', ')}`,
    );
  }
  return messages;
}

/** For each row, what it names that is not in the code: a file that is gone, a text no longer in its file. */
export function missingCode(rows: readonly PatchRow[], readFile: (file: string) => string | undefined): string[] {
  return rows.flatMap((row) =>
    row.where.flatMap(({ file, anchors }) => {
      const text = readFile(file);
      if (text === undefined) return [`${row.id}: ${file} is gone`];
      return anchors
        .filter((anchor) => !text.includes(anchor))
        .map((anchor) => `${row.id}: "${anchor}" is no longer in ${file}`);
    }),
  );
}

/** A patch the scan found in a file. */
export interface FoundPatch {
  readonly kind: 'deep import' | 'bundler swap' | 'class names';
  readonly file: string;
  readonly line: number;
  /** The code that makes it: the import's line, the whole swap call or alias entry, the class selector's line. */
  readonly text: string;
}

/** What the scan needs to know of an installed package. */
export interface PackageManifest {
  readonly exports?: unknown;
}

/** Folders of a package that hold its build or its own dependencies, and the entry points named `internal`. */
const INTERNAL_FOLDERS = new Set([
  'dist',
  'lib',
  'src',
  'build',
  'bundles',
  'cjs',
  'esm',
  'es',
  'umd',
  'node_modules',
  'internal',
]);

/** The package a bare specifier names, and the path inside it (`''` for the package itself). */
function splitSpecifier(specifier: string): { name: string; subpath: string } | null {
  if (/^(?:\.|\/|node:|data:|https?:)/.test(specifier)) return null;
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < nameLength || parts.some((part) => part === '')) return null;
  return { name: parts.slice(0, nameLength).join('/'), subpath: parts.slice(nameLength).join('/') };
}

/** Whether the package's `exports` offer `./subpath` (a `*` in a key matches any path). */
function exported(subpath: string, exportsField: unknown): boolean {
  if (typeof exportsField !== 'object' || exportsField === null) return false;
  return Object.keys(exportsField).some((key) => {
    if (!key.startsWith('./')) return false;
    const pattern = key
      .slice(2)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+');
    return new RegExp(`^${pattern}$`).test(subpath);
  });
}

/**
 * Whether `specifier` reaches into a package's internals: a path through one of its build folders, its own
 * `node_modules` or an `internal` entry point, or a path its `exports` leave out. Only packages that are
 * installed count (`@site/…`, `@theme/…` and Docusaurus's client aliases are not packages).
 */
export function isInternalSpecifier(
  specifier: string,
  manifestOf: (name: string) => PackageManifest | undefined,
): boolean {
  const parts = splitSpecifier(specifier);
  if (!parts || parts.subpath === '' || parts.subpath === 'package.json') return false;
  const manifest = manifestOf(parts.name);
  if (!manifest) return false;
  if (INTERNAL_FOLDERS.has(parts.subpath.split('/')[0]!)) return true;
  return manifest.exports !== undefined && !exported(parts.subpath, manifest.exports);
}

/** Module specifiers: what `from`, a bare `import`, `import()` (in JSDoc types too), `require()`, `require.resolve()`, `jest.mock()` and `declare module` name. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\s*\(\s*|\bjest\.(?:mock|requireActual)\s*\(\s*|\bdeclare\s+module\s+)(['"])([^'"\n]+)\1/g;

/** Reads of a class name that a build generates: attribute selectors on `class`, a `name_` prefix, the Markdown pass's helpers. */
const CLASS_NAME_READ =
  /\[class[*^$]=|\.startsWith\(\s*(['"`])[\w-]+_\1\s*\)|\b(?:hasClassPrefix|isDivOf)\(\s*[\w.]+\s*,\s*['"]/;

/** Constructors of the bundler's swapping plugins. */
const SWAP_PLUGIN = /\.(?:NormalModuleReplacementPlugin|ContextReplacementPlugin|IgnorePlugin)$/;

/** Text without which a script holds no swap. */
const MAY_SWAP = /replaceDependency|(?:Replacement|Ignore)Plugin|\balias\b|\b(?:use|loader)\s*:/;

/** The one helper every swap goes through (`replaceDependency`): its own constructor call is no patch. */
const SWAP_HELPERS = ['plugins/lib/replaceDependency.ts'];

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
const lineAt = (text: string, line: number) => text.split('\n')[line - 1] ?? '';

const propertyName = (node: ts.ObjectLiteralElementLike): string | undefined =>
  node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;

/** Bundler swaps in a script: `replaceDependency(…)` and the swapping plugins, each `alias` entry, each module rule with a loader. */
function bundlerSwaps(file: string, text: string): FoundPatch[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FoundPatch[] = [];
  const add = (node: ts.Node) =>
    found.push({
      kind: 'bundler swap',
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: node.getText(source),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'replaceDependency') {
      add(node);
    } else if (
      ts.isNewExpression(node) &&
      SWAP_PLUGIN.test(`.${node.expression.getText(source)}`) &&
      !SWAP_HELPERS.includes(file)
    ) {
      add(node);
    } else if (
      ts.isPropertyAssignment(node) &&
      propertyName(node) === 'alias' &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      node.initializer.properties.forEach(add);
    } else if (ts.isObjectLiteralExpression(node)) {
      const names = new Set(node.properties.map(propertyName));
      if (names.has('test') && (names.has('use') || names.has('loader'))) add(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;

/** Every patch of another package's internals the scan finds in one file of the project. */
export function findPatches(
  file: string,
  text: string,
  manifestOf: (name: string) => PackageManifest | undefined,
  documented: readonly string[],
): FoundPatch[] {
  const found: FoundPatch[] = [];
  if (SCRIPT.test(file)) {
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[2]!;
      if (documented.includes(specifier) || !isInternalSpecifier(specifier, manifestOf)) continue;
      // The line that holds the specifier (an import's `from` may be lines below its `import`).
      const line = lineOf(text, match.index + match[0].length);
      found.push({ kind: 'deep import', file, line, text: lineAt(text, line) });
    }
    // Parsed only where a swap can be: the rest of the files cost the parse for nothing.
    if (MAY_SWAP.test(text)) found.push(...bundlerSwaps(file, text));
  }
  text.split('\n').forEach((line, index) => {
    if (CLASS_NAME_READ.test(line)) found.push({ kind: 'class names', file, line: index + 1, text: line });
  });
  return found;
}

/** The patches no row covers: none names the file with a text inside the patch's code. */
export function uncoveredPatches(found: readonly FoundPatch[], rows: readonly PatchRow[]): FoundPatch[] {
  return found.filter(
    (patch) =>
      !rows.some((row) =>
        row.where.some(
          ({ file, anchors }) => file === patch.file && anchors.some((anchor) => patch.text.includes(anchor)),
        ),
      ),
  );
}
