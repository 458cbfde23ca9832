import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Facts about this build, shown on /health and written to /health.json. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  readonly builtAt: string;
}

function readCommit(siteDir: string, env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env.GIT_COMMIT?.trim();
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

export function readBuildInfo(
  siteDir: string,
  env: Readonly<Record<string, string | undefined>>,
  now: Date = new Date(),
): BuildInfo {
  const manifest = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version: manifest.version, commit: readCommit(siteDir, env), builtAt: now.toISOString() };
}
