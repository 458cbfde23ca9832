/**
 * Timed production builds. Peak memory is the peak of the summed VmRSS of the whole process tree
 * (the build and every worker it starts), polled from /proc every 100 ms: GNU time's %M would give
 * only the largest single process. Summing RSS counts pages shared between processes once per
 * process, so the figure leans high when a build forks workers.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { start, stop, withTimeout } from './processes.mjs';

/** The pids of `root` and all its descendants, from /proc/<pid>/stat. */
function processTree(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (2nd field) may hold spaces and parentheses: parse after the last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function residentKiB(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Starts polling the tree under `pid`; `end()` returns the peak in bytes. */
export function trackPeakMemory(pid) {
  let peak = 0;
  const sample = () => {
    const total = processTree(pid).reduce((sum, child) => sum + residentKiB(child), 0);
    peak = Math.max(peak, total);
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    end() {
      clearInterval(timer);
      return peak * 1024;
    },
  };
}

/** The caches a cold build (or start) must not find, and the previous output when `outDir` is given. */
export function clearBuildCaches(siteDir, outDir) {
  for (const path of ['.docusaurus', join('node_modules', '.cache'), ...(outDir ? [outDir] : [])])
    rmSync(join(siteDir, path), { recursive: true, force: true });
}

/**
 * The phases of a build from Docusaurus's performance log (`DOCUSAURUS_PERF_LOGGER=true`): each
 * `[PERF] Build > en > <phase> - <time>` line, as `{ <phase>: ms }` in the log's order (the phases of
 * the phases, `Build > en > SSG > …`, left out).
 */
export function buildPhases(log) {
  const phases = {};
  // eslint-disable-next-line no-control-regex
  for (const line of log.replace(/\u001b\[[0-9;]*m/g, '').split('\n')) {
    const match = /^\[PERF\] Build > [^>]+? > ([^>]+?) - ([\d.]+) (ms|seconds)/.exec(line.trim());
    if (match) phases[match[1]] = Number(match[2]) * (match[3] === 'ms' ? 1 : 1000);
  }
  return phases;
}

/**
 * The steps of the build's passes over its built pages (plugins/build-passes, which times them when the performance
 * log is on): each `[PERF] build-passes > <step> - <ms> ms` line, as `{ <step>: ms }` (`page-markdown write`: the
 * page Markdown and the llms files written). Inside the postBuild() phase.
 */
export function buildPassSteps(log) {
  const steps = {};
  for (const line of log.split('\n')) {
    const match = /^\[PERF\] build-passes > (.+?) - ([\d.]+) ms/.exec(line.trim());
    if (match) steps[match[1]] = Number(match[2]);
  }
  return steps;
}

/**
 * One production build of the site in `siteDir` into `outDir` (relative to it). `cold` clears the
 * caches first. Returns { ms, peakBytes }, and `phases` (`buildPhases`) and `passes` (`buildPassSteps`) when `env`
 * turns on Docusaurus's performance log (`DOCUSAURUS_PERF_LOGGER: 'true'`).
 */
export async function timedBuild({ siteDir, outDir = 'build', env = {}, cold, label, timeoutMs }) {
  if (cold) clearBuildCaches(siteDir, outDir);
  const started = performance.now();
  const child = start(
    process.execPath,
    [join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', outDir],
    { cwd: siteDir, env, label: `build of ${label}` },
  );
  const memory = trackPeakMemory(child.pid);
  // The performance log's phase lines, kept whole (the child keeps only the end of its output).
  let perf = '';
  if (env.DOCUSAURUS_PERF_LOGGER === 'true') {
    let partial = '';
    const keep = (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop();
      perf += lines.filter((line) => /\[PERF\] (Build|build-passes) > /.test(line)).join('\n') + '\n';
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }
  try {
    const { code, signal } = await withTimeout(child.exited, timeoutMs, `The build of ${label}`);
    const ms = performance.now() - started;
    const peakBytes = memory.end();
    if (code !== 0)
      throw new Error(
        `The build of ${label} failed (${signal ?? `exit code ${code}`}):\n${child.recentOutput().slice(-3000)}`,
      );
    return env.DOCUSAURUS_PERF_LOGGER === 'true'
      ? { ms, peakBytes, phases: buildPhases(perf), passes: buildPassSteps(perf) }
      : { ms, peakBytes };
  } finally {
    memory.end();
    await stop(child);
  }
}
