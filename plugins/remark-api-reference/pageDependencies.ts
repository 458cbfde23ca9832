/**
 * What `npm start` and a build with rspack's persistent cache need to show a description edit on the docs pages that
 * embed it (`pageDependenciesPlugin.ts`). The MDX loader knows only a page's own file, so rspack would keep a page
 * compiled from the old descriptions. Each page with reference blocks gets a record (`<key>.json`: its blocks, and the fingerprint of what they
 * expanded to when it was compiled) and a dependency file (`<key>.fingerprint`), which `pageDependencyLoader.js`
 * adds to the page's module. After a description changes, `refreshReferencePages` (index.ts) expands each recorded
 * page's blocks again and writes the dependency file of the pages whose blocks now expand differently: rspack
 * recompiles those pages, and no other.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RootContent } from 'mdast';

/**
 * Where the records and dependency files are (the loader gets it as its `dir` option): in Docusaurus's generated
 * files, which the dev server watches (it ignores `node_modules/`, so a dependency file there would never count; and
 * rspack's cache takes files under `node_modules/` as unchanged while their package is). `npm run clear` removes them
 * with the cache: removing `.docusaurus/` alone would leave cached pages that no record can mark.
 */
export const PAGE_DEPENDENCIES_DIR = path.join(__dirname, '..', '..', '.docusaurus', 'api-reference-pages');

/** A page's key: the start of the SHA-256 of its absolute path (`pageDependencyLoader.js` computes the same). */
function pageKey(page: string): string {
  return createHash('sha256').update(page).digest('hex').slice(0, 16);
}

export interface PageRecord {
  /** The page's absolute path. */
  readonly page: string;
  /** Its reference blocks as they stand in the page, before expansion. */
  readonly blocks: readonly RootContent[];
  /** The fingerprint of what they expanded to when the page was last compiled. */
  readonly fingerprint: string;
  /**
   * The signature of the descriptions they were expanded from (`descriptionsSignature`): a refresh with the same
   * descriptions has nothing to expand again (absent from records of older dev servers: those are expanded).
   */
  readonly descriptions?: string;
}

/**
 * Syntax trees as JSON without what a page's compilation alone needs: their positions in the page (a prose edit above
 * a block moves them) and the parsed JavaScript of MDX expressions (whose source, `value`, stays).
 */
const withoutPositions = (key: string, value: unknown): unknown =>
  key === 'position' || key === 'estree' ? undefined : typeof value === 'bigint' ? String(value) : value;

/** The fingerprint of expanded blocks, or of the error their expansion stopped with. */
export function fingerprintOf(expanded: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(expanded, withoutPositions) ?? '')
    .digest('hex');
}

const recordFile = (dir: string, page: string) => path.join(dir, `${pageKey(page)}.json`);
/** The file whose change makes rspack recompile the page. */
export const dependencyFile = (dir: string, page: string) => path.join(dir, `${pageKey(page)}.fingerprint`);

/**
 * Keeps a compiled page's record; a page without reference blocks has none. Written during the compilation, and by a
 * refresh that found a page's blocks expanding as before from changed descriptions (with their new signature).
 */
export function recordPage(dir: string, record: PageRecord): void {
  const file = recordFile(dir, record.page);
  if (record.blocks.length === 0) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(dir, { recursive: true });
  const text = JSON.stringify(record, withoutPositions);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}

/**
 * The file that tells these records from any others: written once, when the folder is new (before the compilation:
 * `pageDependenciesPlugin.ts`), and a dependency of every recorded page. If `.docusaurus/` is removed while rspack's
 * cache stays, the records are gone, this file is written anew, and every page that had a record compiles again (it
 * may have been compiled from older descriptions, and no record is left to tell).
 */
export const recordsIdentityFile = (dir: string) => path.join(dir, 'records.id');

/** Writes the records' identity file unless it is there. */
export function ensureRecordsIdentity(dir: string): void {
  const file = recordsIdentityFile(dir);
  if (existsSync(file)) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, randomUUID());
}

/** Every page's record. */
export function pageRecords(dir: string): PageRecord[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as PageRecord];
      } catch {
        // Written by another process at this moment, or cut short: that page is recorded again when it compiles.
        return [];
      }
    });
}

/**
 * Writes the dependency file of a page whose blocks now expand to `fingerprint`, when the page was compiled with
 * another one (and the file does not already say so). Returns whether it wrote.
 */
export function markChanged(dir: string, record: PageRecord, fingerprint: string): boolean {
  if (fingerprint === record.fingerprint) return false;
  const file = dependencyFile(dir, record.page);
  if (existsSync(file) && readFileSync(file, 'utf8') === fingerprint) return false;
  writeFileSync(file, fingerprint);
  return true;
}
