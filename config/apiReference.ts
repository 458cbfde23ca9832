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
