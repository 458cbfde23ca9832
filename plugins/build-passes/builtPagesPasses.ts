import {
  builtPagesFacts,
  type BuiltPage,
  type BuiltPageFacts,
  type BuiltPagesPass,
  type BuiltPagesWork,
  type PostBuildProps,
} from '../lib/builtPages';

const WHAT = 'build-passes';

/** The passes `provided`, in the order of `declared`; throws naming a pass declared but absent, or the reverse. */
function passesInOrder(declared: readonly string[], provided: readonly BuiltPagesPass[]): BuiltPagesPass[] {
  const byName = new Map<string, BuiltPagesPass>();
  for (const pass of provided) {
    if (byName.has(pass.name)) throw new Error(`${WHAT}: two plugins provide the pass "${pass.name}".`);
    byName.set(pass.name, pass);
  }
  const missing = declared.filter((name) => !byName.has(name));
  if (missing.length > 0) {
    throw new Error(
      `${WHAT}: no plugin provides the pass${missing.length > 1 ? 'es' : ''} ${missing.map((name) => `"${name}"`).join(', ')} ` +
        'that the config lists (is its plugin in the config, and does it return a builtPagesPass?).',
    );
  }
  const unlisted = [...byName.keys()].filter((name) => !declared.includes(name));
  if (unlisted.length > 0) {
    throw new Error(
      `${WHAT}: plugins provide the pass${unlisted.length > 1 ? 'es' : ''} ${unlisted.map((name) => `"${name}"`).join(', ')}, ` +
        "which the config's buildPassesPlugin does not list: add it there, or it would never run.",
    );
  }
  return declared.map((name) => byName.get(name) as BuiltPagesPass);
}

/** Runs `step` of `pass`, failing with an error that names the pass. */
async function ofPass<T>(pass: BuiltPagesPass, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${WHAT}: the pass "${pass.name}" failed: ${message}`, { cause: error });
  }
}

/**
 * `step`, timed on a `[PERF] build-passes > <label> - <ms> ms` line when Docusaurus's performance log is on
 * (`DOCUSAURUS_PERF_LOGGER=true`; the bench reads these lines: scripts/bench/lib/builds.mjs `buildPhases`).
 */
async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  if (process.env.DOCUSAURUS_PERF_LOGGER !== 'true') return step();
  const started = performance.now();
  try {
    return await step();
  } finally {
    console.info(`[PERF] ${WHAT} > ${label} - ${(performance.now() - started).toFixed(2)} ms`);
  }
}

/**
 * The build's passes over its built pages: each pass `declared` (the config's list), found among `provided` (the
 * plugins'), says which pages it reads; each page is read and parsed once for all of them (`builtPagesFacts`); then
 * each writes its files from its pages' facts. Plans and writes go in the declared order. A pass that is absent or
 * fails fails the build with an error that names it.
 */
export async function runBuiltPagesPasses(
  declared: readonly string[],
  provided: readonly BuiltPagesPass[],
  props: PostBuildProps,
  { factsOf = builtPagesFacts }: { readonly factsOf?: (pages: readonly BuiltPage[]) => Promise<BuiltPageFacts[]> } = {},
): Promise<void> {
  const passes = passesInOrder(declared, provided);
  const works: BuiltPagesWork[] = [];
  for (const pass of passes) works.push(await timed(`${pass.name} plan`, () => ofPass(pass, () => pass.plan(props))));

  // Each file once, with everything any pass asked of it.
  const byFile = new Map<string, BuiltPage>();
  for (const { file, ...asked } of works.flatMap((work) => work.pages)) {
    byFile.set(file, { ...byFile.get(file), file, ...asked });
  }
  const facts = await timed('read the built pages', () => factsOf([...byFile.values()]));
  const factsByFile = new Map([...byFile.keys()].map((file, index) => [file, facts[index] ?? {}]));

  for (const [index, pass] of passes.entries()) {
    const work = works[index] as BuiltPagesWork;
    await timed(`${pass.name} write`, () =>
      ofPass(pass, () => work.write(work.pages.map(({ file }) => factsByFile.get(file) ?? {}))),
    );
  }
}
