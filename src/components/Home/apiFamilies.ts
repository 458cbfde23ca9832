import { API_NAMES, API_REFERENCE_PAGES, type ApiReferencePage } from '@site/config/apiReference';

/** The API families the home page presents, each with its documentation and its reference pages. */
export interface ApiFamily {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly highlights: readonly string[];
  readonly docsPath: string;
  readonly references: readonly ApiReferencePage[];
}

const referencesOf = (...apis: ApiReferencePage['api'][]): ApiReferencePage[] =>
  API_REFERENCE_PAGES.filter((page) => apis.includes(page.api));

export const API_FAMILIES: readonly ApiFamily[] = [
  {
    id: 'accounts',
    title: API_NAMES.accounts,
    summary:
      'Open accounts for fourteen account types, follow onboarding decisions, keep owner data current, and read balances, positions and activity.',
    highlights: [
      'Open and update accounts',
      'Onboarding results',
      'Balances and positions',
      'Trade and non-trade activity',
    ],
    docsPath: '/docs/accounts-api',
    references: referencesOf('accounts', 'onboarding'),
  },
  {
    id: 'trading',
    title: API_NAMES.trading,
    summary:
      'Place, search, replace and cancel equity and option orders, including block orders executed once and allocated across accounts.',
    highlights: [
      'Single, block and allocation orders',
      'Equity and options',
      'Order search and status',
      'Idempotent order entry',
    ],
    docsPath: '/docs/trading-api',
    references: referencesOf('orders'),
  },
  {
    id: 'documents',
    title: API_NAMES.documents,
    summary:
      'List the document types we keep, read a document’s details and download statements, confirmations and tax forms as PDF.',
    highlights: ['Statements and confirmations', 'Tax forms', 'Document metadata', 'PDF download'],
    docsPath: '/docs/document-api',
    references: referencesOf('documents'),
  },
];
