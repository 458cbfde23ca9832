/**
 * Every package package.json declares is used: imported or named by the project's own files, run by
 * a script, the type package of a used package, or a peer that a used package asks for. A package
 * declared and never used fails this test, so a dead declaration cannot stay.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

interface Manifest {
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly scripts?: Record<string, string>;
  readonly bin?: string | Record<string, string>;
  readonly name?: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const jestConfig = require(path.join(ROOT, 'jest.config.js')) as { readonly testEnvironment: string };
const readJson = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const project = readJson(path.join(ROOT, 'package.json'));
const declared = [...Object.keys(project.dependencies ?? {}), ...Object.keys(project.devDependencies ?? {})];

/** Files whose quoted strings can name a package: code, styles, configuration, docs pages, shell scripts. */
const SOURCE = /\.(?:[cm]?[jt]sx?|css|mdx|json|toml|ya?ml|sh)$|^\.ci\/run$/;
const NOT_SOURCE = /(?:^|\/)(?:package(?:-lock)?\.json)$/;

function projectFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => SOURCE.test(file) && !NOT_SOURCE.test(file) && existsSync(path.join(ROOT, file)))
    .filter((file) => path.join(ROOT, file) !== __filename);
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every quoted string in the project's files that could be a package name or a path into one. */
function namedPackages(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  const quoted = /(['"`])(@?[a-z0-9][\w.-]*(?:\/[\w.@-]+)*)\1/g;
  for (const text of texts) {
    for (const match of text.matchAll(quoted)) names.add(packageOf(match[2]));
  }
  return names;
}

function manifestOf(name: string): Manifest | undefined {
  const file = path.join(ROOT, 'node_modules', name, 'package.json');
  return existsSync(file) ? readJson(file) : undefined;
}

function binsOf(name: string): string[] {
  const bin = manifestOf(name)?.bin;
  if (bin === undefined) return [];
  return typeof bin === 'string' ? [name.split('/').pop() ?? name] : Object.keys(bin);
}

/** Words of the npm scripts and shell scripts: the commands they run. */
function commandWords(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((text) => text.split(/[\s;&|()`'"]+/)));
}

function unusedDependencies(packages: readonly string[], files: readonly string[]): string[] {
  const texts = files.map((file) => readFileSync(path.join(ROOT, file), 'utf8'));
  const named = namedPackages(texts);
  // Jest finds a test environment by name, the default one or a file's `@jest-environment jsdom` docblock: `jsdom` is the
  // package `jest-environment-jsdom`.
  named.add(`jest-environment-${jestConfig.testEnvironment}`);
  for (const text of texts) {
    for (const match of text.matchAll(/@jest-environment ([\w-]+)/g)) named.add(`jest-environment-${match[1]}`);
  }
  const commands = commandWords([
    ...Object.values(project.scripts ?? {}),
    ...files
      .filter((file) => /\.sh$|^\.ci\/run$/.test(file))
      .map((file) => readFileSync(path.join(ROOT, file), 'utf8')),
  ]);
  const used = new Set(packages.filter((name) => named.has(name) || binsOf(name).some((bin) => commands.has(bin))));
  // Type packages of used packages or of type-only names the code imports (the tree types of `@types/hast`), and the peers used
  // packages ask for, until nothing changes.
  for (let grew = true; grew;) {
    grew = false;
    for (const name of packages) {
      if (used.has(name)) continue;
      const typed = name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : null;
      const peerOfUsed = [...used].some((user) => Object.hasOwn(manifestOf(user)?.peerDependencies ?? {}, name));
      if ((typed !== null && (used.has(typed) || named.has(typed))) || peerOfUsed) {
        used.add(name);
        grew = true;
      }
    }
  }
  return packages.filter((name) => !used.has(name));
}

describe('declared dependencies', () => {
  const files = projectFiles();

  it('are all used', () => {
    expect(unusedDependencies(declared, files)).toEqual([]);
  });

  it('a declared package nothing uses is reported', () => {
    expect(unusedDependencies([...declared, 'left-pad-never-imported'], files)).toEqual(['left-pad-never-imported']);
  });
});
