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
  { api: 'accounts', route: '/api/accounts-api', label: 'Accounts API' },
  { api: 'onboarding', route: '/api/onboarding-api', label: 'Onboarding API' },
  { api: 'orders', route: '/api/orders-api', label: 'Orders API' },
  { api: 'documents', route: '/api/document-api', label: 'Document API' },
] as const satisfies readonly ApiReferencePage[];

/** Redoc's anchor for an operation on its reference page: the docs pages link to it, the page renders it. */
export const operationAnchor = (operationId: string): string => `operation/${operationId}`;

/** The address of an operation in the reference, e.g. `/api/orders-api#operation/placeEquityOrder`. */
export const operationHref = (route: string, operationId: string): string => `${route}#${operationAnchor(operationId)}`;
