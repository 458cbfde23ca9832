/**
 * tests/layers.json is the one list of test layers. Every test file in the repository belongs to exactly one
 * layer, so a test file written in a folder no layer names fails here instead of running nowhere; and each layer
 * is run by `npm test` (scripts/test.sh) through the runner it names, with the files it lists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import layersFile from '../../layers.json';

const ROOT = path.resolve(__dirname, '../../..');

interface Layer {
  readonly name: string;
  readonly runner: 'jest' | 'node' | 'playwright';
  readonly files: readonly string[];
  readonly config?: string;
}

const layers = layersFile.layers as readonly Layer[];

/** What a test file is called, whatever its runner: `*.test.*`, `*.spec.*`, and Playwright's `*.setup.ts`. */
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$|\.setup\.[cm]?[jt]s$/;

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\n').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
}

const layersOf = (file: string, within: readonly Layer[] = layers): string[] =>
  within.filter((layer) => layer.files.some((glob) => path.matchesGlob(file, glob))).map((layer) => layer.name);

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('test layers', () => {
  const testFiles = repositoryFiles().filter((file) => TEST_FILE.test(file));

  it('every test file belongs to exactly one layer', () => {
    const strays = testFiles
      .map((file) => ({ file, layers: layersOf(file) }))
      .filter(({ layers: found }) => found.length !== 1)
      .map(({ file, layers: found }) => `${file}: ${found.length === 0 ? 'no layer' : found.join(' and ')}`);
    expect(strays).toEqual([]);
    expect(testFiles.length).toBeGreaterThan(200);
  });

  it('a test file outside every layer, or in two, is reported', () => {
    expect(layersOf('docs/__tests__/stray.test.ts')).toEqual([]);
    expect(layersOf('server/__tests__/app.test.ts')).toEqual([]);
    const twice: Layer[] = [...layers, { name: 'again', runner: 'node', files: ['server/__tests__/*.test.mjs'] }];
    expect(layersOf('server/__tests__/app.test.mjs', twice)).toEqual(['server', 'again']);
  });

  it('every layer has test files, and names distinct', () => {
    expect(layers.filter((layer) => !testFiles.some((file) => layersOf(file).includes(layer.name)))).toEqual([]);
    expect(new Set(layers.map((layer) => layer.name)).size).toBe(layers.length);
  });

  it('npm test runs each node --test layer, and package.json has its test:<layer> script, both through scripts/test-layer.mjs', () => {
    const testSh = read('scripts/test.sh');
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const { name } of layers.filter((layer) => layer.runner === 'node')) {
      expect(testSh).toContain(`node scripts/test-layer.mjs ${name}\n`);
      expect(scripts[`test:${name}`]).toBe(`node scripts/test-layer.mjs ${name}`);
    }
    // Nowhere else lists test files: no node --test globs outside the layer runner.
    expect(testSh).not.toMatch(/^[^#]*node --test/m);
    expect(Object.values(scripts).filter((script) => script.includes('node --test'))).toEqual([]);
  });

  it('Jest runs the unit layer and nothing else', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS config, as Jest reads it
    const jestConfig = require(path.join(ROOT, 'jest.config.js')) as { testMatch: string[] };
    const [unit] = layers.filter((layer) => layer.runner === 'jest');
    expect(jestConfig.testMatch).toEqual(unit.files.map((glob) => path.join(ROOT, glob)));
    expect(read('scripts/test.sh')).toMatch(/^step "Unit tests \(Jest\)";\s+npx jest --ci$/m);
  });

  it.each(layers.filter((layer) => layer.runner === 'playwright').map((layer) => [layer.name, layer] as const))(
    'Playwright layer %s: its config reads its folder and npm test runs it',
    (_name, layer) => {
      const config = read(layer.config ?? '');
      const [folder] = layer.files.map((glob) => glob.slice(0, glob.indexOf('/**')));
      expect(config).toContain(`testDir: '${folder}'`);
      const run =
        layer.config === 'playwright.config.ts'
          ? /npx playwright test$/m
          : new RegExp(`npx playwright test --config ${layer.config?.replace(/\./g, '\\.')}$`, 'm');
      expect(read('scripts/test.sh')).toMatch(run);
    },
  );
});
