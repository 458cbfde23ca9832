/**
 * The descriptions as git history has them: one API's description at a commit, bundled the way the build bundles
 * today's (`openapi/descriptions.ts`), and the commits at which its `info.version` changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import type { ApiName } from '../../descriptions';
import { isObject, type JsonObject } from '../../document';

const ROOT = path.join(__dirname, '..', '..', '..');

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The files a description is made of at a commit: its own file and the shared one its `$ref`s reach into. */
function filesAt(commit: string, api: ApiName): Record<string, string> {
  const listed = git('ls-tree', '-r', '--name-only', commit, 'openapi/').split('\n');
  const wanted = [`openapi/${api}.yaml`, ...listed.filter((file) => file.startsWith('openapi/shared/'))];
  return Object.fromEntries(wanted.map((file) => [file, git('show', `${commit}:${file}`)]));
}

/** Each description bundled once per test file, by commit: several tests start from the same release. */
const bundled = new Map<string, Promise<JsonObject>>();

/** One description at a commit, its references into other files pulled in. */
export function descriptionAt(commit: string, api: ApiName): Promise<JsonObject> {
  const key = `${git('rev-parse', commit).trim()} ${api}`;
  if (!bundled.has(key)) bundled.set(key, bundleAt(commit, api));
  // A copy each time, so that one test cannot change what another reads.
  return bundled.get(key)!.then((description) => structuredClone(description));
}

async function bundleAt(commit: string, api: ApiName): Promise<JsonObject> {
  const directory = mkdtempSync(path.join(tmpdir(), 'description-at-'));
  try {
    for (const [file, text] of Object.entries(filesAt(commit, api))) {
      mkdirSync(path.join(directory, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(directory, file), text);
    }
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const { bundle: document, problems } = await bundle({
      ref: path.join(directory, 'openapi', `${api}.yaml`),
      config,
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) throw new Error(`openapi/${api}.yaml at ${commit} cannot be bundled: ${errors[0].message}`);
    return JSON.parse(JSON.stringify(document.parsed)) as JsonObject;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export const versionOf = (description: JsonObject): string =>
  isObject(description.info) ? String(description.info.version) : '';

export interface Release {
  /** The last commit of main's own line (merges count, their branches' commits do not) with this version. */
  readonly commit: string;
  readonly version: string;
}

/**
 * The versions one description went through on main's own line (`--first-parent`), oldest first: for each, the
 * last commit that still had it, where the description stood when the next version replaced it.
 */
export function releasesOf(api: ApiName): Release[] {
  const commits = git(
    'log',
    '--first-parent',
    '--reverse',
    '--format=%H',
    '--',
    `openapi/${api}.yaml`,
    'openapi/shared/',
  )
    .split('\n')
    .filter(Boolean);
  const releases: Release[] = [];
  for (const commit of commits) {
    const match = /^info:\n(?:[ ].*\n)*? {2}version: ['"]?([0-9][^'"\s]*)/m.exec(
      git('show', `${commit}:openapi/${api}.yaml`),
    );
    const version = match?.[1] ?? '';
    const last = releases.at(-1);
    if (last?.version === version) releases[releases.length - 1] = { commit, version };
    else releases.push({ commit, version });
  }
  return releases;
}
