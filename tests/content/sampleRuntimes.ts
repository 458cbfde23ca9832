/**
 * What runtime a JavaScript or Python sample really needs, read from its code: each language feature it uses,
 * with the version that brought it (a table, below), and whether it must be saved as an ES module. The content
 * checks hold these to what the pages state (`SAMPLE_RUNTIMES` of contracts/facts), and run the samples on the
 * Node.js and Python found here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** `19.8` → [19, 8]; a missing minor is 0. */
const parts = (version: string): [number, number] => {
  const [major, minor = 0] = version.split('.').map(Number);
  return [major, minor];
};

/** Whether version `a` is older than `b` (`major.minor`). */
export function isOlder(a: string, b: string): boolean {
  const [aMajor, aMinor] = parts(a);
  const [bMajor, bMinor] = parts(b);
  return aMajor < bMajor || (aMajor === bMajor && aMinor < bMinor);
}

/** The newest of some versions. */
const newest = (versions: readonly string[]): string =>
  versions.reduce((best, version) => (isOlder(best, version) ? version : best), '0');

interface Feature {
  readonly feature: string;
  readonly since: string;
}

/**
 * Globals of Node.js that a script uses without importing them, with the release that made each global without a
 * flag. A sample that imports the module of the same name (`import crypto from 'node:crypto'`) does not count.
 */
const NODE_GLOBALS: Readonly<Record<string, string>> = {
  fetch: '18',
  FormData: '18',
  Headers: '18',
  Request: '18',
  Response: '18',
  Blob: '18',
  // globalThis.crypto (Web Crypto, with randomUUID) is a global without a flag from Node.js 19.
  crypto: '19',
  structuredClone: '17',
  AbortSignal: '15',
  URLSearchParams: '10',
  URL: '10',
  TextEncoder: '11',
};

/** Methods and functions by name (`fs.openAsBlob(…)`, `list.toSorted(…)`), with the release that brought each. */
const NODE_METHODS: Readonly<Record<string, string>> = {
  openAsBlob: '19.8',
  groupBy: '21',
  withResolvers: '22',
  fromAsync: '22',
  toSorted: '20',
  toReversed: '20',
  toSpliced: '20',
  findLast: '18',
  findLastIndex: '18',
  hasOwn: '16.9',
  at: '16.6',
  replaceAll: '15',
  loadEnvFile: '21.7',
};

export interface JavaScriptNeeds {
  /** The features the code uses, each with the Node.js release that brought it. */
  readonly features: readonly Feature[];
  /** The lowest Node.js that runs it: the newest of its features. */
  readonly version: string;
  /** Whether it only runs as an ES module (`import`, `export` or top-level `await`): saved as `.mjs`. */
  readonly esModule: boolean;
}

/** What a JavaScript sample needs of Node.js, from its syntax tree. */
export function javascriptNeeds(code: string): JavaScriptNeeds {
  const source = ts.createSourceFile('sample.mjs', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const features = new Map<string, string>();
  const declared = new Set<string>();
  let esModule = false;
  const visitDeclarations = (node: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isParameter(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      declared.add(node.name.text);
    }
    if (ts.isImportClause(node) && node.name) declared.add(node.name.text);
    if (ts.isImportSpecifier(node) || ts.isNamespaceImport(node)) declared.add(node.name.text);
    ts.forEachChild(node, visitDeclarations);
  };
  visitDeclarations(source);
  const insideFunction = (node: ts.Node): boolean =>
    ts.findAncestor(node.parent, (ancestor) => ts.isFunctionLike(ancestor)) !== undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExportAssignment(node)) {
      esModule = true;
      const specifier = ts.isImportDeclaration(node) ? node.moduleSpecifier : undefined;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('node:')) {
        features.set('node: imports in an ES module', '14.18');
      }
    }
    if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      esModule = true;
    }
    if ((ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) && !insideFunction(node)) {
      esModule = true;
      features.set('top-level await', '14.8');
    }
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) esModule = true;
    if (ts.isIdentifier(node) && Object.hasOwn(NODE_GLOBALS, node.text) && !declared.has(node.text)) {
      const parent = node.parent;
      const isOwnName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node);
      if (!isOwnName) features.set(`global ${node.text}`, NODE_GLOBALS[node.text]);
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      Object.hasOwn(NODE_METHODS, node.name.text) &&
      ts.isCallExpression(node.parent)
    ) {
      features.set(`${node.name.text}()`, NODE_METHODS[node.name.text]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const list = [...features].map(([feature, since]) => ({ feature, since }));
  return { features: list, version: newest(list.map((feature) => feature.since)), esModule };
}

/**
 * Python's own syntax tree names the features a Python sample uses (run with the installed python3, which
 * parses every older syntax), with the release that brought each; a library the sample imports needs the
 * Python its current release supports.
 */
const PYTHON_FEATURES_SCRIPT = String.raw`
import ast, json, sys
def annotations(node):
    for child in ast.walk(node):
        if isinstance(child, ast.arg) and child.annotation is not None:
            yield child.annotation
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.returns is not None:
            yield child.returns
        if isinstance(child, ast.AnnAssign):
            yield child.annotation
def needs(code):
  tree = ast.parse(code)
  found = {}
  def need(feature, since):
    found[feature] = since
  for node in ast.walk(tree):
      if isinstance(node, ast.JoinedStr):
          need("f-strings", "3.6")
      if isinstance(node, ast.NamedExpr):
          need("assignment expressions (:=)", "3.8")
      if type(node).__name__ == "Match":
          need("match statements", "3.10")
      if type(node).__name__ == "TryStar":
          need("except*", "3.11")
      if isinstance(node, ast.Attribute) and node.attr in ("removeprefix", "removesuffix"):
          need("str." + node.attr, "3.9")
      if isinstance(node, (ast.Import, ast.ImportFrom)):
          names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
          for name in names:
              root = name.split(".")[0]
              if root == "tomllib":
                  need("tomllib", "3.11")
              if root == "requests":
                  need("requests (its current release)", "3.10")
  for annotation in annotations(tree):
      for child in ast.walk(annotation):
          if isinstance(child, ast.BinOp) and isinstance(child.op, ast.BitOr):
              need("X | Y in annotations", "3.10")
          if isinstance(child, ast.Subscript) and isinstance(child.value, ast.Name) and child.value.id in ("list", "dict", "tuple", "set", "type"):
              need("built-in generics in annotations", "3.9")
  return [{"feature": k, "since": v} for k, v in found.items()]
print(json.dumps([needs(code) for code in json.load(sys.stdin)]))
`;

export interface PythonNeeds {
  readonly features: readonly Feature[];
  /** The lowest Python that runs it. */
  readonly version: string;
}

/** What each Python sample needs, from Python's own parser (one python3 for them all). */
export function pythonNeeds(codes: readonly string[]): PythonNeeds[] {
  const output = execFileSync('python3', ['-c', PYTHON_FEATURES_SCRIPT], {
    input: JSON.stringify(codes),
    encoding: 'utf8',
  });
  return (JSON.parse(output) as Feature[][]).map((features) => ({
    features,
    version: newest(features.map((feature) => feature.since)),
  }));
}

export interface InstalledRuntime {
  readonly command: string;
  /** `major.minor.patch` */
  readonly version: string;
}

/** `v20.20.2` or `Python 3.11.7` → `20.20.2`, `3.11.7`. */
const versionOf = (command: string, args: readonly string[]): string | null => {
  try {
    return /(\d+\.\d+\.\d+)/.exec(execFileSync(command, args, { encoding: 'utf8' }))?.[1] ?? null;
  } catch {
    return null;
  }
};

/**
 * The Node.js releases to run the JavaScript samples on: the one running the tests, and every other `node` on
 * the PATH whose major release is the stated minimum (the oldest a reader may have), when there is one.
 */
export function nodeRuntimes(minimumMajor: number): InstalledRuntime[] {
  const found: InstalledRuntime[] = [{ command: process.execPath, version: process.versions.node }];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const command = path.join(dir, 'node');
    if (!dir || !existsSync(command)) continue;
    const version = versionOf(command, ['--version']);
    if (version && Number(version.split('.')[0]) === minimumMajor && !found.some((run) => run.version === version)) {
      found.push({ command, version });
    }
  }
  return found;
}

/** The installed python3 and its version. */
export function pythonRuntime(): InstalledRuntime {
  const version = versionOf('python3', ['--version']);
  if (!version) throw new Error('python3 is not installed: the Python samples cannot be checked');
  return { command: 'python3', version };
}
