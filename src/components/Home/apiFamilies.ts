/** The API families the home page presents, each with its documentation and reference. */
export interface ApiFamily {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly highlights: readonly string[];
  readonly docsPath: string;
  readonly referencePath?: string;
}

export const API_FAMILIES: readonly ApiFamily[] = [
  {
    id: 'accounts',
    title: 'Accounts and onboarding',
    summary:
      'Open accounts for fourteen account types, follow onboarding decisions, keep owner data current, and read balances, positions and activity.',
    highlights: [
      'Open and update accounts',
      'Onboarding results',
      'Balances and positions',
      'Trade and non-trade activity',
    ],
    docsPath: '/docs/accounts-api',
    referencePath: '/api/accounts-api',
  },
  {
    id: 'trading',
    title: 'Trading',
    summary:
      'Place, search, replace and cancel equity and option orders, including block orders executed once and allocated across accounts.',
    highlights: [
      'Single, block and allocation orders',
      'Equity and options',
      'Order search and status',
      'Idempotent order entry',
    ],
    docsPath: '/docs/trading-api',
    referencePath: '/api/orders-api',
  },
  {
    id: 'documents',
    title: 'Documents',
    summary:
      'List the document types we keep, read a document’s details and download statements, confirmations and tax forms as PDF.',
    highlights: ['Statements and confirmations', 'Tax forms', 'Document metadata', 'PDF download'],
    docsPath: '/docs/document-api',
  },
];
