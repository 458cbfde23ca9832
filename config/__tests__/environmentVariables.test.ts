/**
 * Every environment variable the code reads is documented: a site setting in .env.example, anything else
 * (the server, the development provider, the tests, the benchmark) in OPERATIONS.md's table of variables.
 * And that table names only variables the code reads, so it cannot keep one that is gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** Where the code that reads the environment lives (tests aside: they set variables, they do not read them). */
const SOURCES = [
  'config',
  'server',
  'scripts',
  'plugins',
  'dev',
  'sandbox',
  'tests/e2e',
  'tests/e2e-base-url',
  'docusaurus.config.ts',
  'playwright.config.ts',
  'playwright.base-url.config.ts',
];
const CODE_FILE = /\.(?:m?js|tsx?|sh)$/;
/** Names read from `env` objects that are not the process's environment: the Worker's bindings (wrangler.toml). */
const NOT_VARIABLES = new Set(['ASSETS']);
/** How the code reads a variable; the first group is its name. */
const READS = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
  /\benv\??\.([A-Z][A-Z0-9_]*)\b/g,
  // config/settings.ts and dev/idp/cli.mjs read through small helpers.
  /\b(?:valueOf|withDefault)\(env, '([A-Z][A-Z0-9_]*)'\)/g,
  /\bvalue\('([A-Z][A-Z0-9_]*)'\)/g,
  // server/apiProxy.mjs reads the Try it proxy's settings from the process's environment or the Worker's variables.
  /\bread\('([A-Z][A-Z0-9_]*)'\)/g,
  // A shell script's `${NAME:-default}`.
  /\$\{([A-Z][A-Z0-9_]*):-/g,
];

function codeFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (CODE_FILE.test(entry)) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() && CODE_FILE.test(file.name))
    .map((file) => path.join(file.parentPath, file.name))
    .filter((file) => !file.split(path.sep).some((part) => part === '__tests__' || part === 'node_modules'));
}

/** Variable name → the files that read it. */
function variablesRead(): Map<string, string[]> {
  const read = new Map<string, string[]>();
  for (const file of SOURCES.flatMap(codeFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of READS) {
      for (const [, name] of source.matchAll(pattern)) {
        if (NOT_VARIABLES.has(name)) continue;
        read.set(name, [...(read.get(name) ?? []), path.relative(ROOT, file)]);
      }
    }
  }
  return read;
}

function envExampleKeys(): Set<string> {
  const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  return new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
}

/** The first column of OPERATIONS.md's table under "## Environment variables". */
function operationsTableKeys(): Set<string> {
  const operations = readFileSync(path.join(ROOT, 'OPERATIONS.md'), 'utf8');
  const section = operations.split(/^## Environment variables$/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]));
}

describe('environment variables', () => {
  const read = variablesRead();

  it('finds the variables it must (the scan works)', () => {
    for (const name of ['SITE_URL', 'OIDC_ISSUER', 'HOST', 'GIT_COMMIT', 'CHROMIUM_PATH', 'E2E_SITE_PORT']) {
      expect(read.has(name)).toBe(true);
    }
  });

  it('every variable the code reads is documented in .env.example or OPERATIONS.md', () => {
    const documented = new Set([...envExampleKeys(), ...operationsTableKeys()]);
    const undocumented = [...read]
      .filter(([name]) => !documented.has(name))
      .map(([name, files]) => `${name} (${files[0]})`);
    expect(undocumented).toEqual([]);
  });

  it('OPERATIONS.md documents no variable the code does not read', () => {
    expect([...operationsTableKeys()].filter((name) => !read.has(name))).toEqual([]);
  });
});
