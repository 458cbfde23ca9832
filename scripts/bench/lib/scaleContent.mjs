/**
 * A copy of this site holding N× its content (issue 45: what happens at 850 pages and 330 operations), made from its
 * own pages and descriptions: copy k (2..N) of each docs section is the folder `docs/<section>-k/`, and copy k of each
 * operation of `openapi/<api>.yaml` is the same operation under the path `/copy-k<path>`, the operationId
 * `<operationId>Copyk`, the tag `<tag> (copy k)` and `x-docs-path` in the copied section, its schemas the copies
 * `<Schema>Copyk` of the description's own schemas (same shapes; the shared components of `openapi/shared/` and the
 * description's other components are shared by the copies). The copied pages name the copied operations and schemas
 * and link inside their own copy, so every page resolves and every operation has its page. `docs/index.mdx` and
 * everything outside `docs/`, the four descriptions and the v2 overlay stay as they are, `openapi/released/` too (the
 * changelog and its marks are of the released descriptions, which the copies are not part of). The v2 overlay makes
 * to each copy the changes it makes to the operation or schema copied (`scaleOverlay`), and a migration step naming
 * operations (`operations="…"`, which must cover every breaking change of v2) names their copies too, on every page:
 * the build's checks are kept, scaled with what they check. Deterministic: the same N gives the same files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';

/** The descriptions copied, as in openapi/descriptions.ts `API_NAMES`. */
export const SCALED_APIS = ['accounts', 'onboarding', 'orders', 'documents'];

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const SCHEMA_POINTER = '#/components/schemas/';

const copiedOperationId = (operationId, copy) => `${operationId}Copy${copy}`;
const copiedSchema = (name, copy) => `${name}Copy${copy}`;
const copiedSection = (section, copy) => `${section}-${copy}`;
const copiedPath = (path, copy) => `/copy-${copy}${path}`;
const copiedTag = (tag, copy) => `${tag} (copy ${copy})`;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The operationIds and own schema names of a parsed description. */
export function namesOf(document) {
  const operationIds = [];
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (HTTP_METHODS.has(method) && typeof operation?.operationId === 'string')
        operationIds.push(operation.operationId);
    }
  }
  return { operationIds, schemas: Object.keys(document.components?.schemas ?? {}) };
}

/**
 * `value` with, at any depth, its references to the description's own schemas and its `operationId`s (links) renamed
 * to copy `copy`'s, and a docs path renamed by `docsPath`.
 */
function renameInside(value, { copy, schemas, operationIds, docsPath }) {
  if (Array.isArray(value)) return value.map((item) => renameInside(item, { copy, schemas, operationIds, docsPath }));
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && value.startsWith(SCHEMA_POINTER)) {
      const [name, ...rest] = value.slice(SCHEMA_POINTER.length).split('/');
      if (schemas.has(name)) return [`${SCHEMA_POINTER}${copiedSchema(name, copy)}`, ...rest].join('/');
    }
    return value;
  }
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'operationId' && operationIds.has(item)) out[key] = copiedOperationId(item, copy);
    else if (key === 'x-docs-path' && typeof item === 'string') out[key] = docsPath(item);
    else out[key] = renameInside(item, { copy, schemas, operationIds, docsPath });
  }
  return out;
}

/**
 * The description `document` (parsed) with copies 2..`scale` of its operations, paths, tags and own schemas added;
 * `operationIds` is every API's (a link may name another API's operation), `sections` the docs sections.
 */
export function scaleDescription(document, { scale, operationIds, sections }) {
  const { schemas: schemaNames } = namesOf(document);
  const schemas = new Set(schemaNames);
  const out = structuredClone(document);
  const usedTags = new Set();
  for (const item of Object.values(document.paths ?? {}))
    for (const [method, operation] of Object.entries(item ?? {}))
      if (HTTP_METHODS.has(method)) for (const tag of operation?.tags ?? []) usedTags.add(tag);
  for (let copy = 2; copy <= scale; copy += 1) {
    const context = { copy, schemas, operationIds, docsPath: (path) => renameDocsLinks(path, { copy, sections }) };
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const copied = renameInside(item, context);
      for (const [method, operation] of Object.entries(copied)) {
        if (HTTP_METHODS.has(method) && Array.isArray(operation.tags))
          operation.tags = operation.tags.map((tag) => copiedTag(tag, copy));
      }
      out.paths[copiedPath(path, copy)] = copied;
    }
    for (const name of schemaNames)
      out.components.schemas[copiedSchema(name, copy)] = renameInside(document.components.schemas[name], context);
    for (const tag of document.tags ?? [])
      if (usedTags.has(tag.name)) out.tags.push({ ...tag, name: copiedTag(tag.name, copy) });
    for (const group of out['x-tagGroups'] ?? [])
      group.tags.push(...group.tags.filter((tag) => usedTags.has(tag)).map((tag) => copiedTag(tag, copy)));
  }
  return out;
}

/**
 * `text` (a page, or a docs path) with its links into the docs sections renamed to copy `copy`'s: absolute ones
 * (`/docs/<section>`), relative ones that climb into a section (`../<section>/`) and a `slug` front matter line.
 */
export function renameDocsLinks(text, { copy, sections }) {
  let out = text;
  for (const section of sections) {
    const name = escapeRegExp(section);
    const end = '(?=[/#)"\'\\s]|$)';
    out = out
      .replace(new RegExp(`/docs/${name}${end}`, 'gm'), `/docs/${copiedSection(section, copy)}`)
      .replace(new RegExp(`((?:\\.\\./)+)${name}(?=/)`, 'g'), `$1${copiedSection(section, copy)}`)
      .replace(new RegExp(`^(slug: /)${name}${end}`, 'gm'), `$1${copiedSection(section, copy)}`);
  }
  return out;
}

/**
 * A page of copy `copy`: its links renamed (`renameDocsLinks`), its operations (`operationId="…"`, links to
 * `#operation/…`) and schema pointers (`<api>#/components/schemas/<Name>`) those of the copy.
 * `operationIds` is a Set of every operationId, `schemasByApi` the own schema names of each API.
 */
export function scalePage(text, { copy, sections, operationIds, schemasByApi }) {
  let out = renameDocsLinks(text, { copy, sections });
  out = out.replace(/(operationId=["'])([A-Za-z0-9_]+)(["'])/g, (whole, open, id, close) =>
    operationIds.has(id) ? `${open}${copiedOperationId(id, copy)}${close}` : whole,
  );
  out = out.replace(/(#operation\/)([A-Za-z0-9_]+)/g, (whole, anchor, id) =>
    operationIds.has(id) ? `${anchor}${copiedOperationId(id, copy)}` : whole,
  );
  out = out.replace(/\b([a-z]+)#\/components\/schemas\/([A-Za-z0-9_]+)/g, (whole, api, name) =>
    schemasByApi[api]?.has(name) ? `${api}${SCHEMA_POINTER}${copiedSchema(name, copy)}` : whole,
  );
  return out;
}

/**
 * The overlay `overlay` (parsed) with, for each copy 2..`scale`, a copy of each action on a path or on one of the
 * description's own schemas (`schemas`), aimed at the path's or schema's copy; the actions on the description as a
 * whole (`$.info`, `$.servers`, shared components, a schema the overlay adds) are not repeated.
 */
export function scaleOverlay(overlay, { scale, schemas, operationIds }) {
  const pathTarget = /^\$\.paths\['([^']+)'\](.*)$/;
  const schemaTarget = /^\$\.components\.schemas\.([A-Za-z0-9_]+)(.*)$/;
  const copiedTarget = (target, copy) => {
    const onPath = pathTarget.exec(target ?? '');
    if (onPath) return `$.paths['${copiedPath(onPath[1], copy)}']${onPath[2]}`;
    const onSchema = schemaTarget.exec(target ?? '');
    if (onSchema && schemas.has(onSchema[1]))
      return `$.components.schemas.${copiedSchema(onSchema[1], copy)}${onSchema[2]}`;
    return undefined;
  };
  const actions = [...overlay.actions];
  for (let copy = 2; copy <= scale; copy += 1) {
    const context = { copy, schemas, operationIds, docsPath: (path) => path };
    for (const action of overlay.actions) {
      let copied;
      if (action.target === '$.paths' && action.update) {
        copied = {
          ...action,
          update: Object.fromEntries(
            Object.entries(action.update).map(([path, item]) => [copiedPath(path, copy), renameInside(item, context)]),
          ),
        };
      } else {
        const target = copiedTarget(action.target, copy);
        if (!target) continue;
        copied = { ...renameInside(action, context), target };
        if (action.copy) {
          copied.copy = copiedTarget(action.copy, copy);
          if (!copied.copy) throw new Error(`scaleOverlay: cannot aim "copy: ${action.copy}" at copy ${copy}`);
        }
      }
      actions.push(copied);
    }
  }
  return { ...overlay, actions };
}

/** `text` with each operation a migration step names (`operations="a b"`) followed by its copies 2..`scale`. */
export function scaleOperationLists(text, { scale, operationIds }) {
  return text.replace(/(\soperations=")([^"]*)(")/g, (_, open, list, close) => {
    const names = list.split(/\s+/).filter(Boolean);
    const copies = [];
    for (let copy = 2; copy <= scale; copy += 1)
      for (const name of names) if (operationIds.has(name)) copies.push(copiedOperationId(name, copy));
    return `${open}${[...names, ...copies].join(' ')}${close}`;
  });
}

/** A `_category_.json` of copy `copy`: its label says which copy. */
function scaleCategory(text, copy) {
  const category = JSON.parse(text);
  if (typeof category.label === 'string') category.label = `${category.label} (copy ${copy})`;
  return `${JSON.stringify(category)}\n`;
}

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile())
    .sort();
}

/**
 * Writes into `out` (emptied first) the files of `root` that git tracks, with N× the content (see the top of this
 * file); `out/node_modules` holds a link to each entry of `root/node_modules` but its `.cache`, so the copy's build
 * caches are its own. Returns the counts: docs pages (`.mdx`) and operations, before and after.
 */
export function writeScaledSite({ root, out, scale }) {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`--scale must be a whole number ≥ 1, not ${scale}`);
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const write = (file, content) => {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), content);
  };

  const docsDir = join(root, 'docs');
  const sections = readdirSync(docsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const documents = Object.fromEntries(
    SCALED_APIS.map((api) => [api, parse(readFileSync(join(root, 'openapi', `${api}.yaml`), 'utf8'))]),
  );
  const names = Object.fromEntries(SCALED_APIS.map((api) => [api, namesOf(documents[api])]));
  const operationIds = new Set(SCALED_APIS.flatMap((api) => names[api].operationIds));
  const schemasByApi = Object.fromEntries(SCALED_APIS.map((api) => [api, new Set(names[api].schemas)]));
  const scaledFiles = new Set(SCALED_APIS.map((api) => `openapi/${api}.yaml`));

  for (const file of tracked) {
    if (scaledFiles.has(file)) continue;
    let content;
    try {
      content = readFileSync(join(root, file));
    } catch {
      continue; // Deleted in the work tree, not yet in git.
    }
    const overlaid = /^openapi\/[^/]+\/([a-z]+)\.overlay\.yaml$/.exec(file);
    if (overlaid && schemasByApi[overlaid[1]]) {
      const overlay = scaleOverlay(parse(content.toString('utf8')), {
        scale,
        schemas: schemasByApi[overlaid[1]],
        operationIds,
      });
      write(file, stringify(overlay, { lineWidth: 0, aliasDuplicateObjects: false }));
    } else if (/^(docs|versions)\/.*\.mdx?$/.test(file)) {
      write(file, scaleOperationLists(content.toString('utf8'), { scale, operationIds }));
    } else {
      write(file, content);
    }
  }
  for (const api of SCALED_APIS) {
    const scaled = scaleDescription(documents[api], { scale, operationIds, sections });
    write(`openapi/${api}.yaml`, stringify(scaled, { lineWidth: 0, aliasDuplicateObjects: false }));
  }
  const sectionFiles = sections.flatMap((section) =>
    filesUnder(join(docsDir, section)).map((file) => ({ section, file })),
  );
  for (let copy = 2; copy <= scale; copy += 1) {
    for (const { section, file } of sectionFiles) {
      const text = readFileSync(join(docsDir, section, file), 'utf8');
      const target = join('docs', copiedSection(section, copy), file);
      if (file.endsWith('_category_.json')) write(target, scaleCategory(text, copy));
      else if (/\.mdx?$/.test(file)) {
        const page = scalePage(text, { copy, sections, operationIds, schemasByApi });
        write(target, scaleOperationLists(page, { scale, operationIds }));
      } else write(target, text);
    }
  }

  mkdirSync(join(out, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules')).sort()) {
    if (entry !== '.cache') symlinkSync(join(root, 'node_modules', entry), join(out, 'node_modules', entry));
  }

  const pages = (dir) => filesUnder(dir).filter((file) => /\.mdx?$/.test(file) && !file.includes('_partials/')).length;
  return {
    scale,
    sections: sections.length,
    pages: { before: pages(docsDir), after: pages(join(out, 'docs')) },
    operations: { before: operationIds.size, after: operationIds.size * scale },
  };
}
