/**
 * The local-search plugin versions its index (`search-index.json?_=<hash>`) by hashing the Markdown
 * files of its `docsDir`s. Part of what it indexes comes from elsewhere: the reference blocks and the
 * /api pages are generated from `openapi/`. This writes a Markdown file holding a digest of those
 * inputs, in a folder handed to the plugin as one more `docsDir`, so that a change to a description
 * alone still gives the index a new URL and no browser keeps a stale copy.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders whose files shape the generated parts of the index. */
const GENERATED_CONTENT_INPUTS = ['openapi', 'plugins/remark-api-reference'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('__tests__'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export function digestOfGeneratedContentInputs(siteDir: string): string {
  const hash = createHash('sha256');
  for (const file of GENERATED_CONTENT_INPUTS.flatMap((dir) => filesUnder(path.join(siteDir, dir)))) {
    hash.update(path.relative(siteDir, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Writes the digest file and returns its folder (relative to the site), for the plugin's `docsDir`. */
export function writeSearchIndexInputs(siteDir: string): string {
  const relative = path.join('node_modules', '.cache', 'search-index-inputs');
  const dir = path.join(siteDir, relative);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'generated-content.md'),
    `Digest of the inputs of the generated reference content: ${digestOfGeneratedContentInputs(siteDir)}\n`,
  );
  return relative;
}
