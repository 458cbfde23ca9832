/**
 * A remark plugin that fills the docs pages' reference blocks from the OpenAPI descriptions at build
 * time, so the pages cannot drift from them:
 *
 * - `<ApiOperation operationId="getBalanceSummary" />`: method, path, scopes, parameters, request body,
 *   responses and the success body's fields (headings at level 3 unless `headingLevel` says otherwise);
 * - `<RequestSamples operationId="placeEquityOrder" example="limitBuy" query="status,limit" />`: curl,
 *   fetch and requests samples in tabs, from the operation's examples (the named request-body example,
 *   or the first; the optional query parameters named in `query`, with their examples). A step of a guide
 *   chains to the next with `save="ORDER_ID=orderId"` (the curl sample sets the variable from the response)
 *   and `variables="orderId=ORDER_ID"` (a path parameter or body field read from the variable);
 * - `<ApiSchema name="onboarding#/components/schemas/Affiliation" />`: a schema's fields;
 * - `<ApiVersion api="accounts" />`, inside a sentence: the description's `info.version`, as inline code;
 * - `<Changelog>`, holding a `<ReleaseNote api="orders" version="1.4.0">` per release a writer explains: every
 *   released version of every description with its changes, computed from `openapi/released/`, and those notes
 *   (`changelogNodes.ts`);
 * - `<OnlyInVersion version="v2">`: what it holds, on the pages of that docs version only;
 * - `<MigrationGuide api="orders" from="v1" to="v2">`, holding `<MigrationStep rules="…" operations="…">`s: each
 *   step with the breaking changes it covers, computed from the two versions' descriptions, then what the new version
 *   adds; a breaking change no step covers stops the build (`migrationNodes.ts`).
 *
 * An unknown operation, schema, example, API or release stops the build with the page's path.
 */
import type { Heading, PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { API_REFERENCE_PAGES, operationHref, referenceRoute } from '../../config/apiReference';
import { DOCS_VERSIONS, docsPathIn, docsVersionOfFile, type DocsVersion } from '../../config/docsVersions';
import {
  API_NAMES,
  API_VERSIONS,
  apisIn,
  descriptionsSignature,
  bundleDescriptions,
  loadBundled,
  operationsOf,
  resolvePointer,
  type ApiName,
  type ApiVersion,
  type JsonObject,
} from '../../openapi/descriptions';
import { isObject } from '../../openapi/document';
import type { EnvironmentUrl, ScopeAlternatives } from '../../contracts/content/endpointFacts';
import { computeChangelog, type ChangelogRelease } from '../../openapi/changes/changelog';
import type { ComputedChangelog } from '../lib/descriptionJobs';
import { inDescriptionWorker } from '../lib/descriptionWorker';
import type { DescriptionChange } from '../../openapi/changes/describeChanges';
import { attributeList, versionChanges, versionChangesSignature } from '../../openapi/changes/migration';
import { anchorsIn, changeMarks, markChanges, type OperationMarks } from './changeMarks';
import { changelogNodes, releaseKey, type OperationPage } from './changelogNodes';
import { attributeOf } from './mdxAttributes';
import { migrationNodes } from './migrationNodes';
import { fingerprintOf, markChanged, PAGE_DEPENDENCIES_DIR, pageRecords, recordPage } from './pageDependencies';
import { operationNodes, requestSampleNodes, schemaNodes, type ReferenceOperation } from './referenceNodes';
import { sampleOptionsOf } from './requestModel';
import { resolveReferences } from './resolveReferences';

interface Descriptions {
  readonly operations: ReadonlyMap<string, ReferenceOperation>;
  /** Each operation's endpoint page (`x-docs-path`), by `operationId`. */
  readonly docsPaths: ReadonlyMap<string, string>;
  readonly documents: Readonly<Record<ApiName, JsonObject>>;
  /** Each description's component keys (`sameComponentIn`). */
  readonly componentKeys: Readonly<Record<ApiName, (pointer: string) => string>>;
  /** The operations of descriptions in a later version than v1 (their pages get no marks of v1's history). */
  readonly laterOperations: ReadonlySet<string>;
}

/**
 * The descriptions' signature while a tree's blocks expand, which is synchronous: read once per page rather than at
 * every block (listing and statting `openapi/` each time was most of the expansion of a page with many blocks).
 */
let pinnedSignature: string | null = null;
const signatureNow = () => pinnedSignature ?? descriptionsSignature();

/** By docs version. */
const descriptionsByVersion = new Map<string, Descriptions & { readonly signature: string }>();

let history: {
  readonly signature: string;
  readonly releases: readonly ChangelogRelease[];
  readonly marks: ReadonlyMap<string, OperationMarks>;
} | null = null;

/** The computed changelog and the marks it gives the operations, again only when a description file has changed. */
function loadHistory(): NonNullable<typeof history> {
  const signature = signatureNow();
  if (history?.signature !== signature) history = historyOf({ signature, releases: computeChangelog() });
  return history;
}

const historyOf = ({ signature, releases }: Pick<ComputedChangelog, 'signature' | 'releases'>) => ({
  signature,
  releases,
  marks: changeMarks(releases),
});

/** The changelog being computed in the description worker (`prefetchChangelog`), once asked. */
let changelogInWorker: Promise<ComputedChangelog> | null = null;

/**
 * Has the description worker compute the changelog, and the changes between major versions that a migration guide
 * shows, while the site loads (a production build: the page dependencies plugin's `loadContent` asks). The pages'
 * compile then takes them (`takePrefetchedChangelog`) instead of parsing every released description and comparing the
 * versions on the main thread, which every MDX compile of the build waits on: about 1 s of a cold build, and 0.3 s.
 * `npm start` computes them here, again after a description edit.
 */
export function prefetchChangelog(ask = () => inDescriptionWorker('changelog', undefined)): void {
  changelogInWorker ??= ask();
}

/**
 * Before a page is expanded with the descriptions of `signature`: the worker's changelog and changes between versions,
 * when they were computed beside the same description files. A job that failed leaves them to `loadHistory` and
 * `changesBetween`, which stop on the same error.
 */
async function takePrefetchedChangelog(signature: string): Promise<void> {
  if (!changelogInWorker || history?.signature === signature) return;
  const computed = await changelogInWorker.catch(() => null);
  if (computed?.signature !== signature || history?.signature === signature) return;
  history = historyOf(computed);
  // Each is taken by `changesBetween`, which compares its signature with the descriptions it is asked about.
  for (const { api, from, to, signature: compared, changes } of computed.versionChanges) {
    versionChangesCache.set(versionChangesKey(api, from, to), { signature: compared, changes });
  }
}

/**
 * Every description as the pages of a docs version read it (the version's own where the API has it, else v1's),
 * bundled (`bundleDescriptions`, awaited by the transformer) with its references resolved here.
 */
function loadDescriptions(version: DocsVersion): Descriptions {
  // Again only when a description file has changed (`npm start` keeps the process).
  const signature = signatureNow();
  const kept = descriptionsByVersion.get(version.name);
  if (kept?.signature === signature) return kept;
  const laterApis = new Set(version.apiVersion === 'v1' ? [] : apisIn(version.apiVersion));
  const bundled = Object.fromEntries(
    API_NAMES.map((api) => [
      api,
      loadBundled(api, { dereferenced: false, version: laterApis.has(api) ? version.apiVersion : 'v1' }),
    ]),
  ) as Record<ApiName, JsonObject>;
  const componentKeys = Object.fromEntries(API_NAMES.map((api) => [api, sameComponentIn(bundled, api)])) as Record<
    ApiName,
    (pointer: string) => string
  >;
  const documents = Object.fromEntries(
    API_NAMES.map((api) => [api, resolveReferences(bundled[api], bundled[api], componentKeys[api])]),
  ) as Record<ApiName, JsonObject>;
  const operations = new Map<string, ReferenceOperation>();
  const docsPaths = new Map<string, string>();
  for (const api of API_NAMES) {
    const page = API_REFERENCE_PAGES.find((candidate) => candidate.api === api);
    const route = page ? referenceRoute(page, laterApis.has(api) ? version.apiVersion : 'v1') : '/api';
    for (const operation of operationsOf(api, documents[api])) {
      if (typeof operation.docsPath === 'string') {
        docsPaths.set(operation.operationId, docsPathIn(version, operation.docsPath));
      }
      const servers = operationServers(documents[api], operation.path, operation.definition);
      operations.set(operation.operationId, {
        ...operation,
        serverUrl: String(servers[0]?.url ?? ''),
        urls: servers.map((server) => environmentUrl(server, operation.path)),
        security: scopeAlternatives(operation.definition.security ?? documents[api].security),
        referenceHref: operationHref(route, operation.operationId),
        apiVersion: laterApis.has(api) ? version.apiVersion : 'v1',
      });
    }
  }
  const laterOperations = new Set(
    [...laterApis].flatMap((api) => operationsOf(api, documents[api]).map((operation) => operation.operationId)),
  );
  const descriptions = { operations, docsPaths, documents, componentKeys, laterOperations, signature };
  descriptionsByVersion.set(version.name, descriptions);
  return descriptions;
}

/**
 * A component's key (`accounts#/components/schemas/Money`): the first description, in `API_NAMES` order, whose
 * component at that pointer is the same as `api`'s. A schema the bundler copied into several descriptions from
 * `openapi/shared` has one key; two different schemas of one name (`Affiliation` of the Accounts API and of the
 * Onboarding API) have two.
 */
export function sameComponentIn(
  bundled: Readonly<Record<ApiName, JsonObject>>,
  api: ApiName,
): (pointer: string) => string {
  const texts = new Map<string, string | undefined>();
  const text = (other: ApiName, pointer: string) => {
    const key = `${other}#${pointer}`;
    if (!texts.has(key)) texts.set(key, JSON.stringify(resolvePointer(bundled[other], pointer)));
    return texts.get(key);
  };
  return (pointer) =>
    `${API_NAMES.find((other) => text(other, pointer) === text(api, pointer)) ?? api}#${pointer.slice(1)}`;
}

/**
 * The servers an operation is called on: its own `servers`, else its path's, else the description's (OpenAPI's
 * order). The sandbox-only paths name the sandbox alone, so their pages show no production URL.
 */
export function operationServers(description: JsonObject, path: string, definition: JsonObject): JsonObject[] {
  const paths = isObject(description.paths) ? description.paths : {};
  const pathItem = isObject(paths[path]) ? paths[path] : {};
  const servers = [definition.servers, pathItem.servers, description.servers].find(Array.isArray) ?? [];
  return (servers as unknown[]).filter(isObject);
}

/** The operation block's facts of an operation (what `<ApiOperation>` shows), by `operationId`. */
export const referenceOperation = (operationId: string): ReferenceOperation =>
  operationFor(operationId, 'referenceOperation');

/**
 * An operation's whole URL on one server. The environment is the server description's first word
 * (`Sandbox: test data…`, `Production.`).
 */
export function environmentUrl(server: JsonObject, path: string): EnvironmentUrl {
  const environment = /^\s*([A-Za-z]+)/.exec(String(server.description ?? ''))?.[1];
  if (!environment) throw new Error(`the server ${String(server.url)} needs a description naming its environment`);
  return { environment, url: `${String(server.url).replace(/\/$/, '')}${path}` };
}

/** The scopes of each alternative security requirement (OpenAPI: any one requirement object is enough). */
export function scopeAlternatives(security: unknown): ScopeAlternatives {
  const requirements = Array.isArray(security) ? security.filter(isObject) : [];
  return requirements.map((requirement) => [...new Set(Object.values(requirement).flat().map(String))]);
}

function required(node: MdxJsxFlowElement | MdxJsxTextElement, name: string, where: string): string {
  const value = attributeOf(node, name);
  if (!value) throw new Error(`${where}: <${String(node.name)}> needs a ${name} attribute`);
  return value;
}

function operationFor(id: string, where: string): ReferenceOperation {
  const operation = loadDescriptions(docsVersionOfFile(where)).operations.get(id);
  if (!operation) throw new Error(`${where}: no operation "${id}" in openapi/`);
  return operation;
}

/** `onboarding#/components/schemas/Affiliation` → that schema of the dereferenced description. */
export function schemaFor(name: string, where: string): JsonObject {
  const [api, pointer] = name.split('#');
  if (!API_NAMES.includes(api as ApiName) || !pointer?.startsWith('/')) {
    throw new Error(`${where}: "${name}" is not api#/json/pointer (apis: ${API_NAMES.join(', ')})`);
  }
  const target = resolvePointer(loadDescriptions(docsVersionOfFile(where)).documents[api as ApiName], pointer);
  if (typeof target !== 'object' || target === null) throw new Error(`${where}: no schema at ${name}`);
  return target as JsonObject;
}

/** `<ApiVersion api="orders" />` → the `info.version` of that description, as inline code. */
function apiVersion(node: MdxJsxTextElement, where: string): PhrasingContent {
  const api = required(node, 'api', where);
  if (!API_NAMES.includes(api as ApiName)) {
    throw new Error(`${where}: <ApiVersion> names no API "${api}" (apis: ${API_NAMES.join(', ')})`);
  }
  const info = loadDescriptions(docsVersionOfFile(where)).documents[api as ApiName].info;
  return { type: 'inlineCode', value: String(isObject(info) ? info.version : '') };
}

type ToPhrasing = (markdown: string) => PhrasingContent[];

/** For reference blocks made only for their anchors: no text. */
const withoutText: ToPhrasing = () => [];

/** Block Markdown flattened to inline content: paragraphs and list items separated by line breaks. */
function phrasingParser(fromMarkdown: (markdown: string) => Root): ToPhrasing {
  return (markdown) => {
    const blocks = fromMarkdown(markdown).children;
    const parts: PhrasingContent[][] = blocks.flatMap((block): PhrasingContent[][] => {
      if (block.type === 'paragraph') return [block.children];
      if (block.type === 'list') {
        return block.children.map((item) => [
          { type: 'text', value: '• ' },
          ...item.children.flatMap((child) => (child.type === 'paragraph' ? child.children : [])),
        ]);
      }
      if (block.type === 'code') return [[{ type: 'inlineCode', value: block.value }]];
      return [];
    });
    return parts.flatMap((part, index) => (index === 0 ? part : [{ type: 'break' } as PhrasingContent, ...part]));
  };
}

/**
 * The descriptions' Markdown parsed, by source: the same strings recur on many pages, in both docs versions and in
 * every refresh, and parsing them was most of the expansion's time (a build of the 181 pages parsed 805 strings 6,760
 * times).
 */
const parsedPhrasing = new Map<string, readonly PhrasingContent[]>();
/** More distinct strings than the descriptions hold start the cache again (edits under `npm start` add new ones). */
const PARSED_PHRASING_LIMIT = 50_000;

/**
 * {@link phrasingParser} through {@link parsedPhrasing}. A page's tree gets its own copy of the nodes (the
 * compilation's later plugins change the nodes they are given); `shared` hands out the cached nodes themselves, for a
 * caller that changes none of them.
 */
function cachedPhrasingParser(fromMarkdown: (markdown: string) => Root, { shared = false } = {}): ToPhrasing {
  const parse = phrasingParser(fromMarkdown);
  return (markdown) => {
    let parsed = parsedPhrasing.get(markdown);
    if (!parsed) {
      if (parsedPhrasing.size >= PARSED_PHRASING_LIMIT) parsedPhrasing.clear();
      parsed = parse(markdown);
      parsedPhrasing.set(markdown, parsed);
    }
    return shared ? [...parsed] : structuredClone(parsed as PhrasingContent[]);
  };
}

/**
 * The endpoint page of each operation today, with the anchors its `<ApiOperation>` block gives it. The anchors are
 * made from the fields' names, never from their text: the block is made without its descriptions (parsing every
 * description of every operation a changelog names took most of the changelog page's compile time).
 */
function operationPages(version: DocsVersion): (operationId: string) => OperationPage | undefined {
  const pages = new Map<string, OperationPage | undefined>();
  return (operationId) => {
    if (!pages.has(operationId)) {
      const { operations, docsPaths } = loadDescriptions(version);
      const operation = operations.get(operationId);
      const href = docsPaths.get(operationId);
      pages.set(
        operationId,
        operation && href ? { href, anchors: anchorsIn(operationNodes(operation, 3, withoutText)) } : undefined,
      );
    }
    return pages.get(operationId);
  };
}

/** `<Changelog>` with its `<ReleaseNote>`s → the computed changelog with each note in its release. */
function changelog(node: MdxJsxFlowElement, where: string, toPhrasing: ToPhrasing): RootContent[] {
  const { releases } = loadHistory();
  const released = new Set(releases.map((release) => releaseKey(release.api, release.version)));
  const notes = new Map<string, RootContent[]>();
  for (const child of node.children) {
    if (child.type !== 'mdxJsxFlowElement' || child.name !== 'ReleaseNote') {
      throw new Error(`${where}: <Changelog> holds only <ReleaseNote api="…" version="…"> elements`);
    }
    const key = releaseKey(required(child, 'api', where), required(child, 'version', where));
    if (!released.has(key)) {
      throw new Error(`${where}: <ReleaseNote> of ${key}, which openapi/released/releases.yaml does not list`);
    }
    if (notes.has(key)) throw new Error(`${where}: two <ReleaseNote>s of ${key}`);
    notes.set(key, child.children as RootContent[]);
  }
  return changelogNodes({
    releases,
    notes,
    pageOf: operationPages(docsVersionOfFile(where)),
    rulesHref: '/docs/getting-started/versioning#what-is-a-breaking-change',
    toPhrasing,
  });
}

/**
 * The changes between two versions of an API (computed in the description worker in a build: `prefetchChangelog`),
 * again only when one of the two descriptions has changed.
 */
const versionChangesCache = new Map<string, { readonly signature: string; readonly changes: DescriptionChange[] }>();
const versionChangesKey = (api: ApiName, from: ApiVersion, to: ApiVersion) => `${api} ${from} ${to}`;
function changesBetween(api: ApiName, from: ApiVersion, to: ApiVersion): DescriptionChange[] {
  const key = versionChangesKey(api, from, to);
  // The two descriptions themselves, not the signature of every file: an edit of another API's description (in
  // `npm start`) does not compare them again.
  const signature = versionChangesSignature(api, from, to);
  const kept = versionChangesCache.get(key);
  if (kept?.signature === signature) return kept.changes;
  const changes = versionChanges(api, from, to);
  versionChangesCache.set(key, { signature, changes });
  return changes;
}

/** `<MigrationGuide>` with its `<MigrationStep>`s → each step with the breaking changes it covers, then the additions. */
function migrationGuide(node: MdxJsxFlowElement, where: string, toPhrasing: ToPhrasing): RootContent[] {
  const api = required(node, 'api', where) as ApiName;
  const [from, to] = [required(node, 'from', where), required(node, 'to', where)] as ApiVersion[];
  if (!API_VERSIONS.includes(from) || !API_VERSIONS.includes(to) || !apisIn(to).includes(api)) {
    throw new Error(`${where}: <MigrationGuide> of ${api} ${from} → ${to}, which openapi/ does not describe`);
  }
  const steps = node.children.map((child, index) => {
    if (child.type !== 'mdxJsxFlowElement' || child.name !== 'MigrationStep') {
      throw new Error(`${where}: <MigrationGuide> holds only <MigrationStep rules="…" operations="…"> elements`);
    }
    return {
      where: `${where}, step ${index + 1}`,
      rules: attributeList(required(child, 'rules', where)),
      operations: attributeList(attributeOf(child, 'operations')),
      content: child.children as RootContent[],
    };
  });
  const title = loadBundled(api, { dereferenced: false, version: to }).info as JsonObject;
  return migrationNodes({
    changes: changesBetween(api, from, to),
    steps,
    guide: where,
    target: `${String(title.title).replace(/ v\d+$/, '')} ${to}`,
    pageOf: operationPages(docsVersionOfFile(where)),
    rulesHref: '/docs/getting-started/versioning#what-is-a-breaking-change',
    toPhrasing,
  });
}

function expand(node: MdxJsxFlowElement, where: string, toPhrasing: ToPhrasing): RootContent[] | null {
  switch (node.name) {
    case 'Changelog':
      return changelog(node, where, toPhrasing);
    case 'MigrationGuide':
      return migrationGuide(node, where, toPhrasing);
    case 'ApiOperation': {
      const depth = Number(attributeOf(node, 'headingLevel') ?? 3);
      if (![2, 3, 4, 5, 6].includes(depth)) throw new Error(`${where}: headingLevel must be 2 to 6`);
      const operation = operationFor(required(node, 'operationId', where), where);
      const nodes = operationNodes(operation, depth as Heading['depth'], toPhrasing);
      // v1's history marks v1's operations; a later version's are all new in it.
      if (!loadDescriptions(docsVersionOfFile(where)).laterOperations.has(operation.operationId)) {
        markChanges(nodes, loadHistory().marks.get(operation.operationId));
      }
      return nodes;
    }
    case 'RequestSamples': {
      const operation = operationFor(required(node, 'operationId', where), where);
      try {
        const attributes = Object.fromEntries(
          ['example', 'query', 'variables', 'save'].map((name) => [name, attributeOf(node, name)]),
        );
        return requestSampleNodes(operation, sampleOptionsOf(attributes));
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
    }
    case 'ApiSchema': {
      const name = required(node, 'name', where);
      // Its fields are anchored under the schema's own name: `Money.amount`.
      const schemaName = name
        .split('/')
        .pop()!
        .replace(/[^A-Za-z0-9_-]/g, '-');
      // The page that shows a schema on purpose is where the page Markdown describes it; elsewhere it links here.
      const schema = schemaFor(name, where);
      const [api = '', pointer = ''] = name.split('#');
      const home = pointer.startsWith('/components/schemas/')
        ? loadDescriptions(docsVersionOfFile(where)).componentKeys[api as ApiName](`#${pointer}`)
        : undefined;
      return schemaNodes(schema, schemaName, `${schemaName} fields`, toPhrasing, home);
    }
    default:
      return null;
  }
}

/**
 * `<OnlyInVersion version="v2">…</OnlyInVersion>`: what it holds on the pages of the docs version of that API
 * version, nothing on the others. A sentence that differs between versions, without a page of its own in
 * `versions/`.
 */
function onlyInVersion(node: MdxJsxFlowElement | MdxJsxTextElement, where: string): boolean {
  const version = required(node, 'version', where);
  if (!DOCS_VERSIONS.some((candidate) => candidate.apiVersion === version)) {
    throw new Error(
      `${where}: <OnlyInVersion version="${version}">: no such version (${DOCS_VERSIONS.map((candidate) => candidate.apiVersion).join(', ')})`,
    );
  }
  return docsVersionOfFile(where).apiVersion === version;
}

/**
 * Replaces every reference block and `<ApiVersion>` of a page's tree with what the descriptions say, giving
 * `expanded` what each became (the outermost last), in the order of the page.
 */
export function expandReferences(
  tree: Root,
  where: string,
  toPhrasing: ToPhrasing,
  expanded?: (nodes: readonly RootContent[]) => void,
  signature?: string,
): void {
  const outermost = pinnedSignature === null;
  if (outermost) pinnedSignature = signature ?? descriptionsSignature();
  try {
    expandTree(tree, where, toPhrasing, expanded);
  } finally {
    if (outermost) pinnedSignature = null;
  }
}

function expandTree(
  tree: Root,
  where: string,
  toPhrasing: ToPhrasing,
  expanded: ((nodes: readonly RootContent[]) => void) | undefined,
): void {
  const replace = (parent: { children: RootContent[] }) => {
    parent.children = parent.children.flatMap((child): RootContent[] => {
      if (
        (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') &&
        child.name === 'OnlyInVersion'
      ) {
        if (!onlyInVersion(child, where)) return [];
        const holder = { children: child.children as RootContent[] };
        replace(holder);
        return holder.children;
      }
      if (child.type === 'mdxJsxFlowElement') {
        const nodes = expand(child, where, toPhrasing);
        if (nodes) {
          // A writer's words inside a block (a step of a migration guide, a release note) may hold blocks too.
          const holder = { children: nodes };
          replace(holder);
          expanded?.(holder.children);
          return holder.children;
        }
      }
      if (child.type === 'mdxJsxTextElement' && child.name === 'ApiVersion') {
        const nodes = [apiVersion(child, where)];
        expanded?.(nodes);
        return nodes;
      }
      if ('children' in child && Array.isArray(child.children)) replace(child as { children: RootContent[] });
      return [child];
    });
  };
  replace(tree);
}

/** The elements `expand` replaces. */
const BLOCKS = new Set(['Changelog', 'MigrationGuide', 'ApiOperation', 'RequestSamples', 'ApiSchema']);

/**
 * The outermost reference blocks and `<ApiVersion>`s of a page's tree that `expandReferences` expands, in its order
 * (inside an `<OnlyInVersion>` of the page's version too, not in one of another version).
 */
export function referenceBlocksOf(tree: Root, where: string): RootContent[] {
  const blocks: RootContent[] = [];
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'OnlyInVersion') {
        if (onlyInVersion(node, where)) visit(node.children as RootContent[]);
      } else if (node.type === 'mdxJsxFlowElement' && BLOCKS.has(String(node.name))) {
        blocks.push(node);
      } else if (node.type === 'mdxJsxTextElement' && node.name === 'ApiVersion') {
        blocks.push(node);
      } else if ('children' in node && Array.isArray(node.children)) {
        visit(node.children as RootContent[]);
      }
    }
  };
  visit(tree.children);
  return blocks;
}

/**
 * The fingerprint of what a page's reference blocks expand to (`expandReferences` of the page itself, or of its
 * recorded blocks), or of the error the expansion stops with.
 */
function expansionFingerprint(expandInto: (expanded: (nodes: readonly RootContent[]) => void) => void): {
  readonly fingerprint: string;
  readonly error?: unknown;
} {
  const outputs: (readonly RootContent[])[] = [];
  try {
    expandInto((nodes) => outputs.push(nodes));
    return { fingerprint: fingerprintOf(outputs) };
  } catch (error) {
    return { fingerprint: fingerprintOf({ error: String((error as Error).message ?? error) }), error };
  }
}

/**
 * `npm start`: after a description file changed, marks the recorded docs pages whose blocks now expand differently
 * (pageDependencies.ts), so that rspack recompiles them. Returns those pages. Awaits the descriptions' bundling.
 */
export async function refreshReferencePages(dir: string = PAGE_DEPENDENCIES_DIR): Promise<string[]> {
  const records = pageRecords(dir);
  if (records.length === 0) return [];
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  const { signature } = await bundleDescriptions();
  // A page compiled (or last found unchanged) with these very descriptions expands as it did: not expanded again. So
  // the dev server's start expands only the pages whose descriptions changed while it was stopped.
  const outdated = records.filter((record) => record.descriptions !== signature);
  if (outdated.length === 0) return [];
  // The nodes are shared: the expansion builds new nodes around them and changes none, and here they are only
  // fingerprinted.
  const toPhrasing = cachedPhrasingParser(fromMarkdown, { shared: true });
  return outdated
    .filter((record) => {
      // The record was just read: its blocks are this expansion's own.
      const tree: Root = { type: 'root', children: record.blocks as RootContent[] };
      const { fingerprint } = expansionFingerprint((expanded) =>
        expandReferences(tree, record.page, toPhrasing, expanded, signature),
      );
      if (fingerprint === record.fingerprint) {
        // In step with these descriptions too: the record says so, and the next refresh passes it by.
        recordPage(dir, { ...record, descriptions: signature });
        return false;
      }
      return markChanged(dir, record, fingerprint);
    })
    .map((record) => record.page);
}

/**
 * The remark plugin. With `recordPagesIn` (the site: `PAGE_DEPENDENCIES_DIR`, see `pageDependenciesPlugin.ts`), each
 * page is recorded there for `refreshReferencePages`.
 */
export default function remarkApiReference({ recordPagesIn }: { readonly recordPagesIn?: string } = {}) {
  return async (tree: Root, file: { path?: string }) => {
    // An ES module: imported when a page is compiled, not when the config loads.
    const { fromMarkdown } = await import('mdast-util-from-markdown');
    const { signature } = await bundleDescriptions();
    await takePrefetchedChangelog(signature);
    const where = file.path ?? 'a docs page';
    const toPhrasing = cachedPhrasingParser(fromMarkdown);
    // Expanded with the signature the bundling was asked with: not read again from the files.
    if (!recordPagesIn || !file.path) {
      expandReferences(tree, where, toPhrasing, undefined, signature);
      return;
    }
    const blocks = structuredClone(referenceBlocksOf(tree, where));
    const { fingerprint, error } = expansionFingerprint((expanded) =>
      expandReferences(tree, where, toPhrasing, expanded, signature),
    );
    recordPage(recordPagesIn, { page: file.path, blocks, fingerprint, descriptions: signature });
    if (error) throw error;
  };
}
