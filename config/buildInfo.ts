import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a build's time comes from, so that two builds of one commit are the same byte for byte: the
 * `SOURCE_DATE_EPOCH` the builder sets (https://reproducible-builds.org/specs/source-date-epoch/), else the time of
 * the commit being built, else (no git, no setting) the clock.
 */
export type BuildTimeSource = 'SOURCE_DATE_EPOCH' | 'commit' | 'clock';

/** Facts about this build, shown on /health and written to /health.json. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  readonly builtAt: string;
  readonly builtAtFrom: BuildTimeSource;
}

type Environment = Readonly<Record<string, string | undefined>>;

function git(siteDir: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: siteDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function readCommit(siteDir: string, env: Environment): string {
  return env.GIT_COMMIT?.trim() || git(siteDir, ['rev-parse', 'HEAD']) || 'unknown';
}

/** `SOURCE_DATE_EPOCH` as the specification has it: whole seconds since 1970, in decimal digits. */
export function sourceDateEpoch(env: Environment): Date | undefined {
  const value = env.SOURCE_DATE_EPOCH?.trim();
  if (!value) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value) * 1000)) {
    throw new Error(
      `SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC, such as 1764460800; it is "${value}". ` +
        'Unset it to take the time of the commit being built.',
    );
  }
  return new Date(Number(value) * 1000);
}

/** The committer time of `commit`, or undefined outside a git checkout (or for a commit it does not have). */
function commitTime(siteDir: string, commit: string): Date | undefined {
  if (commit === 'unknown') return undefined;
  const seconds = git(siteDir, ['show', '-s', '--format=%ct', commit]);
  return seconds && /^\d+$/.test(seconds) ? new Date(Number(seconds) * 1000) : undefined;
}

export function readBuildInfo(siteDir: string, env: Environment, now: () => Date = () => new Date()): BuildInfo {
  const manifest = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const commit = readCommit(siteDir, env);
  const fromEpoch = sourceDateEpoch(env);
  const fromCommit = fromEpoch ? undefined : commitTime(siteDir, commit);
  const [builtAt, builtAtFrom]: [Date, BuildTimeSource] = fromEpoch
    ? [fromEpoch, 'SOURCE_DATE_EPOCH']
    : fromCommit
      ? [fromCommit, 'commit']
      : [now(), 'clock'];
  return { version: manifest.version, commit, builtAt: builtAt.toISOString(), builtAtFrom };
}
