/**
 * At N× the content (`npm run bench -- --scale=N`, issue 45): this site with N× its docs pages and operations
 * (lib/scaleContent.mjs) built cold beside the stock template holding that build's page Markdown, and this site at
 * 1×, in the same rounds, alternating: each round builds this site at 1×, then for each scale the scaled copy and the
 * template. Every build is of the v1 docs only (`DOCS_VERSIONS=current`: the scaled copy's v2 docs would double its
 * pages again) with Docusaurus's performance log on, whose phases the results keep (lib/builds.mjs `buildPhases`),
 * with the steps of the passes over the built pages (`buildPassSteps`: the page Markdown and llms files among them).
 * `budgets.mjs` (`judgeScale`) judges the figures.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timedBuild } from './builds.mjs';
import { writeScaledSite } from './scaleContent.mjs';
import { prepareRenderedContent } from './templates.mjs';

const MINUTE = 60_000;

/** The environment of every build of this section, beside the site's own (`siteEnv`). */
const SCALE_BUILD_ENV = { DOCS_VERSIONS: 'current', DOCUSAURUS_PERF_LOGGER: 'true' };

/** An empty record of builds. */
const builds = () => ({ coldMs: [], peakBytes: [], phases: [], passes: [] });

/**
 * Measures `plan.scales` into `results.scale`. `site` is this site as measure.mjs builds it (`dir`, `env`),
 * `templates` what `prepareTemplates` returned, `attempt` runs one measurement and records its failure.
 */
export async function measureScale({ root, site, templates, results, plan, log, attempt }) {
  const folder = (scale) =>
    join(tmpdir(), `clearing-docs-scaled-${scale}x-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);
  const one = { name: 'This site at 1×, v1 docs', dir: root, outDir: 'build-bench-v1', env: site.env };
  const scaled = [];
  results.scale = { one: { build: builds() }, at: {} };
  for (const scale of plan.scales) {
    log(`${scale}× the content: writing the copy into ${folder(scale)}`);
    const counts = writeScaledSite({ root, out: folder(scale), scale });
    log(`  ${counts.pages.after} docs pages, ${counts.operations.after} operations`);
    results.scale.at[scale] = { pages: counts.pages, operations: counts.operations, site: { build: builds() } };
    scaled.push({
      scale,
      site: { name: `This site at ${scale}×, v1 docs`, dir: folder(scale), outDir: 'build-bench', env: site.env },
      rendered: undefined,
    });
  }

  /** A cold build of `target` into `record` (a `builds()`), or undefined (recorded) when it fails. */
  const coldBuild = async (target, record, round) => {
    log(`cold build ${round}/${plan.runs}: ${target.name}`);
    const build = await attempt(`cold build of ${target.name}`, () =>
      timedBuild({
        siteDir: target.dir,
        outDir: target.outDir,
        env: { ...target.env, ...SCALE_BUILD_ENV },
        cold: true,
        label: target.name,
        timeoutMs: 60 * MINUTE,
      }),
    );
    if (!build) return undefined;
    record.coldMs.push(build.ms);
    record.peakBytes.push(build.peakBytes);
    record.phases.push(build.phases);
    record.passes.push(build.passes);
    log(`  ${(build.ms / 1000).toFixed(1)} s, peak ${(build.peakBytes / 2 ** 20).toFixed(0)} MiB`);
    return build;
  };

  for (let round = 1; round <= plan.runs; round += 1) {
    await coldBuild(one, results.scale.one.build, round);
    for (const entry of scaled) {
      const at = results.scale.at[entry.scale];
      const build = await coldBuild(entry.site, at.site.build, round);
      if (build && !entry.rendered) {
        entry.rendered = await attempt(`the stock template holding the ${entry.scale}× page Markdown`, async () => {
          const made = prepareRenderedContent({
            base: templates.base,
            sameContent: templates.sameContent,
            builtDocs: join(entry.site.dir, entry.site.outDir, 'docs'),
            name: `rendered-content-${entry.scale}x`,
          });
          at.rendered = { pages: made.pages, bytes: made.bytes, build: builds() };
          return { name: `Stock template holding the ${entry.scale}× page Markdown`, dir: made.dir, outDir: 'build' };
        });
      }
      if (entry.rendered) await coldBuild(entry.rendered, at.rendered.build, round);
    }
  }
}
