import { readFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { BUILD_DIR } from './environment.mjs';

export const SITE_TITLE = 'Clearing API Developer Docs';

/** Every docs route of the specification, one a line, as it spells them (copied from shared/docs-routes.txt). */
export const SPECIFICATION_DOCS_ROUTES: readonly string[] = readFileSync(
  path.join(__dirname, 'docs-routes.txt'),
  'utf8',
)
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);

/**
 * The specification's routes that the site serves under another name (issue 41): docs file names are kebab-case,
 * and the specification's misspelling "actitvity" is fixed. The site has no redirects, so the old routes are not
 * found.
 */
export const RENAMED_DOCS_ROUTES: Readonly<Record<string, string>> = {
  '/docs/account-activity-api/account-actitvity-api': '/docs/account-activity-api/account-activity-api',
  '/docs/accounts-api/data-blocks/Affiliation': '/docs/accounts-api/data-blocks/affiliation',
  '/docs/accounts-api/endpoints/new-account/examples/individualForeign':
    '/docs/accounts-api/endpoints/new-account/examples/individual-foreign',
  '/docs/accounts-api/endpoints/new-account/examples/individualJointForeign':
    '/docs/accounts-api/endpoints/new-account/examples/individual-joint-foreign',
  '/docs/accounts-api/endpoints/new-account/examples/iraTraditional':
    '/docs/accounts-api/endpoints/new-account/examples/ira-traditional',
  '/docs/accounts-api/endpoints/new-account/examples/JointCP':
    '/docs/accounts-api/endpoints/new-account/examples/joint-cp',
  '/docs/accounts-api/endpoints/new-account/examples/jointWROS':
    '/docs/accounts-api/endpoints/new-account/examples/joint-wros',
  '/docs/accounts-api/endpoints/new-account/required-attributes/individualForeign':
    '/docs/accounts-api/endpoints/new-account/required-attributes/individual-foreign',
  '/docs/accounts-api/endpoints/new-account/required-attributes/IndividualJointForeign':
    '/docs/accounts-api/endpoints/new-account/required-attributes/individual-joint-foreign',
  '/docs/accounts-api/endpoints/new-account/required-attributes/iraTraditional':
    '/docs/accounts-api/endpoints/new-account/required-attributes/ira-traditional',
  '/docs/accounts-api/endpoints/new-account/required-attributes/jointCP':
    '/docs/accounts-api/endpoints/new-account/required-attributes/joint-cp',
  '/docs/accounts-api/endpoints/new-account/required-attributes/jointWROS':
    '/docs/accounts-api/endpoints/new-account/required-attributes/joint-wros',
  '/docs/accounts-api/endpoints/new-account/required-attributes/trust-nonUS-foreign':
    '/docs/accounts-api/endpoints/new-account/required-attributes/trust-non-us-foreign',
  '/docs/accounts-api/endpoints/new-account/required-attributes/trust-US':
    '/docs/accounts-api/endpoints/new-account/required-attributes/trust-us',
  '/docs/accounts-api/endpoints/update-account/AddressUpdate':
    '/docs/accounts-api/endpoints/update-account/address-update',
  '/docs/accounts-api/endpoints/update-account/AssociatedPartyUpdate':
    '/docs/accounts-api/endpoints/update-account/associated-party-update',
  '/docs/accounts-api/endpoints/update-account/PrimaryOwnerUpdate':
    '/docs/accounts-api/endpoints/update-account/primary-owner-update',
};

/** Every docs route of the specification, as the site serves it (`RENAMED_DOCS_ROUTES` applied). */
export const DOCS_ROUTES: readonly string[] = SPECIFICATION_DOCS_ROUTES.map(
  (route) => RENAMED_DOCS_ROUTES[route] ?? route,
);

/**
 * Docs pages added beyond the specification's list. They must resolve like the specification's routes;
 * the specification's list stays what must exist.
 */
export const ADDED_DOCS_ROUTES: readonly string[] = [
  '/docs/getting-started/first-test-order',
  '/docs/getting-started/sandbox',
  '/docs/getting-started/versioning',
  '/docs/getting-started/changelog',
  '/docs/getting-started/assistant',
  '/docs/accounts-api/endpoints/sandbox-deposit',
  '/docs/accounts-api/endpoints/sandbox-reset',
  '/docs/accounts-api/endpoints/sandbox-clock',
  '/docs/accounts-api/endpoints/sandbox-price',
  '/docs/trading-api/migrating-to-v2',
];

/** Every docs route the site must serve: the specification's, then the added ones. */
export const SITE_DOCS_ROUTES: readonly string[] = [...DOCS_ROUTES, ...ADDED_DOCS_ROUTES];

/** The route of every MDX page under docs/ (a file or folder whose name starts with `_` holds partials, not pages). */
export function docsRoutesOnDisk(): string[] {
  return readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx') && !file.split(path.sep).some((segment) => segment.startsWith('_')))
    .map((file) =>
      `/docs/${file
        .split(path.sep)
        .join('/')
        .replace(/\.mdx$/, '')}`.replace(/\/?index$/, ''),
    )
    .sort();
}

/** An API description in openapi/, as written. */
function description(api: string): { info: { version: string }; paths: Record<string, Record<string, unknown>> } {
  return parseYaml(readFileSync(path.join('openapi', `${api}.yaml`), 'utf8')) as ReturnType<typeof description>;
}

/**
 * A later API version's description, as the test build wrote it for download (`api/v2/orders-api/orders-api-v2.openapi.json`):
 * openapi/ holds only its overlay on v1.
 */
function builtDescription(file: string): ReturnType<typeof description> {
  const built = path.join(BUILD_DIR, ...file.split('/'));
  if (!existsSync(built))
    throw new Error(`${built} is missing: build the site for the tests first (scripts/build-for-tests.mjs)`);
  return JSON.parse(readFileSync(built, 'utf8')) as ReturnType<typeof description>;
}

/** Read when a browser test asks, not when a content check imports this file before any build. */
const tradingV2 = () => builtDescription('api/v2/orders-api/orders-api-v2.openapi.json');

/** How many operations a description has: its reference page shows each one. */
function operationsIn(document: ReturnType<typeof description>): number {
  return Object.values(document.paths).flatMap((item) => Object.keys(item).filter((key) => HTTP_METHODS.includes(key)))
    .length;
}

/** The `info.version` of an API description, as Redoc shows it next to the title. */
function descriptionVersion(api: string): string {
  return description(api).info.version;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** How many operations an API description has: its reference page shows each one. */
function operationCount(api: string): number {
  return operationsIn(description(api));
}

/** The MDX file behind a docs route: under docs/, or for a later version's route its generated folder's. */
function docsFileFor(route: string): string {
  const later = /^\/docs\/(v\d+)(?=\/|$)/.exec(route)?.[1];
  const folder = later ? path.join('versioned_docs', `version-${later}`) : 'docs';
  const relative = route.replace(later ? /^\/docs\/v\d+\/?/ : /^\/docs\/?/, '');
  const candidates = relative
    ? [path.join(folder, `${relative}.mdx`), path.join(folder, relative, 'index.mdx')]
    : [path.join(folder, 'index.mdx')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No MDX file for ${route} (looked for ${candidates.join(', ')})`);
  return found;
}

/** The Mermaid diagrams of a docs page, in order: its own and those of the MDX partials it imports, as their source text. */
export function diagramSourcesFor(route: string): string[] {
  const file = docsFileFor(route);
  const sourcesIn = (mdxFile: string): string[] => {
    const source = readFileSync(mdxFile, 'utf8');
    const own = [...source.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
    const imported = [...source.matchAll(/^import \w+ from ['](\.[^']+\.mdx)['];$/gm)].flatMap((match) =>
      sourcesIn(path.join(path.dirname(mdxFile), match[1])),
    );
    return [...own, ...imported];
  };
  return sourcesIn(file);
}

/** The `title` front matter of a docs page. */
export function docsTitleFor(route: string): string {
  const source = readFileSync(docsFileFor(route), 'utf8');
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  const title = /^title:\s*(.+)$/m.exec(frontMatter)?.[1]?.trim();
  if (!title) throw new Error(`${route} has no title front matter`);
  return title.replace(/^(['"])(.*)\1$/, '$2');
}

export const PUBLIC_PAGES = [
  { path: '/', title: `Home | ${SITE_TITLE}`, heading: SITE_TITLE },
  { path: '/health', title: `Site health | ${SITE_TITLE}`, heading: 'Site health' },
  { path: '/401/error', title: `Sign-in required | ${SITE_TITLE}`, heading: 'You need to sign in to read this page' },
] as const;

/** The reference pages; Redoc's own heading adds the version once it has loaded. */
export const API_PAGES = [
  {
    path: '/api/accounts-api',
    title: `Accounts API reference | ${SITE_TITLE}`,
    heading: 'Accounts API',
    version: descriptionVersion('accounts'),
    operations: operationCount('accounts'),
  },
  {
    path: '/api/onboarding-api',
    title: `Onboarding API reference | ${SITE_TITLE}`,
    heading: 'Onboarding API',
    version: descriptionVersion('onboarding'),
    operations: operationCount('onboarding'),
  },
  {
    path: '/api/orders-api',
    title: `Trading API reference | ${SITE_TITLE}`,
    heading: 'Trading API',
    version: descriptionVersion('orders'),
    operations: operationCount('orders'),
  },
  // The Trading API v2 preview: Redoc's heading is the description's title, the page's title names the preview.
  {
    path: '/api/v2/orders-api',
    title: `Trading API v2 (preview) reference | ${SITE_TITLE}`,
    heading: 'Trading API',
    get version() {
      return tradingV2().info.version;
    },
    get operations() {
      return operationsIn(tradingV2());
    },
  },
  {
    path: '/api/document-api',
    title: `Document API reference | ${SITE_TITLE}`,
    heading: 'Document API',
    version: descriptionVersion('documents'),
    operations: operationCount('documents'),
  },
] as const;
