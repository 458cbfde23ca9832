import type { ApiVersion } from '../openapi/descriptions';

/**
 * One name per API, wherever a reader sees it: the home page, the navbar, the footer, the reference pages
 * and the docs sidebar. The descriptions' `info.title` and the docs' `_category_.json` labels cannot import
 * it, so config/__tests__/apiNames.test.ts checks them against it, and that no retired name is left.
 */
export const API_NAMES = {
  accounts: 'Accounts API',
  onboarding: 'Onboarding API',
  trading: 'Trading API',
  documents: 'Document API',
  accountActivity: 'Account activity API',
} as const;

/** Names readers met before the names above were settled; none may appear again. */
export const RETIRED_API_NAMES = ['Orders API', 'Documents API', 'Accounts and onboarding API'] as const;

/**
 * The API reference pages: one per OpenAPI description in `openapi/` (the names are those of
 * `redocly.yaml`). The navbar, the footer, the reference plugin and the docs' operation blocks read
 * this list.
 */
export interface ApiReferencePage {
  /** The description's name in `redocly.yaml`. */
  readonly api: 'accounts' | 'onboarding' | 'orders' | 'documents';
  readonly route: string;
  readonly label: string;
}

export const API_REFERENCE_PAGES = [
  { api: 'accounts', route: '/api/accounts-api', label: API_NAMES.accounts },
  { api: 'onboarding', route: '/api/onboarding-api', label: API_NAMES.onboarding },
  // The route keeps the specification's name; the API is the Trading API everywhere a reader looks.
  { api: 'orders', route: '/api/orders-api', label: API_NAMES.trading },
  { api: 'documents', route: '/api/document-api', label: API_NAMES.documents },
] as const satisfies readonly ApiReferencePage[];

/**
 * What the search index leaves out of a reference page: its heading, downloads and loading notice. The
 * page's title entry already names it, so the index keeps only the operations (one result per page).
 */
export const REFERENCE_UNINDEXED_CLASS = 'api-reference-unindexed';

/** Redoc's anchor for an operation on its reference page: the docs pages link to it, the page renders it. */
export const operationAnchor = (operationId: string): string => `operation/${operationId}`;

/** The address of an operation in the reference, e.g. `/api/orders-api#operation/placeEquityOrder`. */
export const operationHref = (route: string, operationId: string): string => `${route}#${operationAnchor(operationId)}`;

/** A reference page's route in an API version: `/api/orders-api` in v1, `/api/v2/orders-api` in v2. */
export const referenceRoute = (page: ApiReferencePage, apiVersion: string): string =>
  apiVersion === 'v1' ? page.route : page.route.replace(/^\/api\//, `/api/${apiVersion}/`);

/** A reference page of one API version: v1's are `API_REFERENCE_PAGES`; a later version's is its preview. */
export interface VersionedReferencePage extends ApiReferencePage {
  readonly apiVersion: ApiVersion;
}

const tradingPage: ApiReferencePage = API_REFERENCE_PAGES.find((page) => page.api === 'orders')!;

/**
 * The pages of the APIs' later versions: one per API `apisIn(version)` lists (config/__tests__/apiReference.test.ts
 * checks them against it; this file stays free of the descriptions' loader, the browser reads it).
 */
const LATER_REFERENCE_PAGES: readonly VersionedReferencePage[] = [
  {
    api: tradingPage.api,
    apiVersion: 'v2',
    route: referenceRoute(tradingPage, 'v2'),
    label: `${API_NAMES.trading} v2 (preview)`,
  },
];

/**
 * Every reference page, each API's v1 page followed by its later versions' (the order of the navbar and the footer).
 * A build without a version's docs leaves its pages out (`referencePagesOf`): their links point into those docs.
 */
export const REFERENCE_PAGES: readonly VersionedReferencePage[] = API_REFERENCE_PAGES.flatMap((page) => [
  { ...page, apiVersion: 'v1' as const },
  ...LATER_REFERENCE_PAGES.filter((later) => later.api === page.api),
]);

/** The reference pages of the API versions a build documents (v1's always). */
export const referencePagesOf = (apiVersions: readonly ApiVersion[]): VersionedReferencePage[] =>
  REFERENCE_PAGES.filter((page) => page.apiVersion === 'v1' || apiVersions.includes(page.apiVersion));

/** Where the guide to moving from v1 to a later version of an API is, in that version's docs. */
export const MIGRATION_GUIDES: Readonly<Partial<Record<ApiReferencePage['api'], string>>> = {
  orders: '/docs/v2/trading-api/migrating-to-v2',
};
