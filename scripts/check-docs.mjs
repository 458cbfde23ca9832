#!/usr/bin/env node
// `npm run check:docs`, the writer's check (WRITING.md, Checking your page):
//   npm run check:docs -- <file…>  the pages given (under docs/ or versions/<version>/): each compiled as the build
//                                  compiles it, for every docs version that builds it, and the checks about one page
//                                  (tests/content/pageChecks.ts, which the Jest suites run on every page), in one
//                                  process, without Jest;
//   npm run check:docs             the same for the pages changed against HEAD (staged, unstaged, new), or every
//                                  check when no page has changed;
//   npm run check:docs -- --all    every check on every page: scripts/check-mdx.mjs and the Jest suites of
//                                  tests/content and openapi, the whole-site checks included (npm test runs them all).
// Exit code 1 when a page has a problem (or a check of --all fails), 2 on a file that is not a page of the docs.
// CHECK_DOCS_ROOT names another copy of the repository's docs/ and versions/ to read pages from (the tests' copies);
// links and linked pages are still resolved against this repository's docs/.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();

const ROOT = path.join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.filename, { interopDefault: true });
const { changedPages, pagesToCheck, parseCheckDocsArgs, USAGE } = jiti('../tests/content/checkDocsFiles.ts');

/** The whole check, as before there was a one-page one: every page compiled, then the Jest suites. */
function runAll() {
  const steps = [
    [process.execPath, [path.join(ROOT, 'scripts', 'check-mdx.mjs')]],
    [process.execPath, [require.resolve('jest/bin/jest'), 'tests/content', 'openapi']],
  ];
  for (const [command, args] of steps) {
    const { status } = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
    if (status !== 0) return status ?? 1;
  }
  return 0;
}

/**
 * The line a compile error names: the MDX compiler's own, the `file:line` of a reference block's message, or else the
 * first line of the page holding a name the message quotes (`no operation "placeEquityOrdr"`); 1 without any.
 */
function lineOf(error, where, source) {
  if (Number.isInteger(error.line)) return error.line;
  const named = new RegExp(`${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(error.message);
  if (named) return Number(named[1]);
  const lines = source.split('\n');
  for (const [, quoted] of String(error.message).matchAll(/"([^"\n]+)"/g)) {
    const index = lines.findIndex((line) => line.includes(quoted));
    if (index >= 0) return index + 1;
  }
  return 1;
}

const versionLabel = (version) => (version === 'current' ? 'v1' : version);

async function checkPages(pages) {
  const started = performance.now();
  const { parsePage } = jiti('../tests/content/docsPages.ts');
  const { PAGE_CHECKS } = jiti('../tests/content/pageChecks.ts');
  const { compilePage } = await import('./check-docs/compile.mjs');

  let problemCount = 0;
  for (const page of pages) {
    const source = readFileSync(page.absolute, 'utf8');
    const problems = [];
    // The same error in several docs versions is one problem, naming them.
    const compileErrors = new Map();
    for (const build of page.builds) {
      try {
        await compilePage(source, build.compilePath);
      } catch (error) {
        const message = String(error.reason ?? error.message).replaceAll(build.compilePath, page.file);
        const line = lineOf(error, build.compilePath, source);
        const key = `${line}\n${message}`;
        if (!compileErrors.has(key)) compileErrors.set(key, { line, message, versions: [] });
        compileErrors.get(key).versions.push(versionLabel(build.version));
      }
    }
    for (const { line, message, versions } of compileErrors.values()) {
      problems.push({
        line,
        check: 'compile',
        message: `${message} (as the ${versions.join(' and ')} docs build it)`,
        fix: 'write MDX the site compiles (WRITING.md); `npm start` shows the page as you write it',
      });
    }
    const parsed = parsePage(page.pageName, source);
    for (const check of PAGE_CHECKS.filter((candidate) => candidate.appliesTo(page.pageName))) {
      for (const problem of check.problems(parsed))
        problems.push({ line: problem.line, check: check.id, message: problem.message, fix: check.fix });
    }
    problems.sort((a, b) => a.line - b.line);
    problemCount += problems.length;
    const versions = page.builds.map((build) => versionLabel(build.version)).join(', ');
    console.log(
      `\n${page.file} (${versions}): ${problems.length === 0 ? 'no problems' : `${problems.length} problem(s)`}`,
    );
    for (const problem of problems) {
      console.log(`  ${page.file}:${problem.line}: [${problem.check}] ${problem.message}`);
      console.log(`    what to do: ${problem.fix}`);
    }
  }

  console.log(
    `\nChecked ${pages.length} page(s) in ${((performance.now() - started) / 1000).toFixed(1)} s: compiles as the build ` +
      `does (for each docs version that builds it), and ${PAGE_CHECKS.map((check) => check.title).join('; ')}.`,
  );
  console.log(
    'Not checked here: the checks about the whole site (consistency across pages, diagrams and facts against the API ' +
      'descriptions, guides against the sandbox, journeys, sample runtimes, …). They run with ' +
      '`npm run check:docs -- --all` and in CI (`npm test`).',
  );
  return problemCount > 0 ? 1 : 0;
}

async function main() {
  let request;
  try {
    request = parseCheckDocsArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`check:docs: ${error.message}`);
    return 2;
  }
  if (request.mode === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (request.mode === 'all') return runAll();

  const root = path.resolve(process.env.CHECK_DOCS_ROOT ?? ROOT);
  let files;
  if (request.mode === 'files') {
    files = request.files;
  } else {
    const changed = changedPages(root);
    if (!changed || changed.length === 0) {
      console.log(
        changed ? 'No page changed against HEAD: every check on every page (--all).' : 'Not a git checkout: --all.',
      );
      return runAll();
    }
    console.log(`The pages changed against HEAD: ${changed.join(', ')}`);
    files = changed.map((file) => path.join(root, file));
  }
  let pages;
  try {
    pages = pagesToCheck(root, files);
  } catch (error) {
    console.error(`check:docs: ${error.message}`);
    return 2;
  }
  return checkPages(pages);
}

process.exit(await main());
