/** The operations of each API family, as the overview pages list them. */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  readonly docsPath: string;
}

export interface ApiDescription {
  readonly id: 'accounts-api' | 'onboarding-api' | 'orders-api';
  readonly title: string;
  readonly description: string;
  readonly scopes: readonly string[];
  readonly guidePath: string;
  readonly operations: readonly Operation[];
}

const ENDPOINTS = '/docs/accounts-api/endpoints';

export const SERVERS = [
  { name: 'Sandbox', url: 'https://sandbox.api.clearing.example/v1' },
  { name: 'Production', url: 'https://api.clearing.example/v1' },
] as const;

export const APIS: Record<ApiDescription['id'], ApiDescription> = {
  'accounts-api': {
    id: 'accounts-api',
    title: 'Accounts API reference',
    description:
      'Read an account and its balances, positions and activity; reserve account numbers; add and generate account documents; and follow onboarding decisions.',
    scopes: ['accounts.read', 'accounts.write', 'documents.write'],
    guidePath: '/docs/accounts-api',
    operations: [
      {
        method: 'GET',
        path: '/accounts/{accountNumber}',
        summary: 'Get an account',
        docsPath: `${ENDPOINTS}/get-account`,
      },
      {
        method: 'POST',
        path: '/account-numbers',
        summary: 'Reserve an account number',
        docsPath: `${ENDPOINTS}/account-number`,
      },
      {
        method: 'GET',
        path: '/accounts/{accountNumber}/balances/summary',
        summary: 'Balance summary',
        docsPath: `${ENDPOINTS}/balance-summary`,
      },
      {
        method: 'GET',
        path: '/accounts/{accountNumber}/positions',
        summary: 'Position summary',
        docsPath: `${ENDPOINTS}/position-summary`,
      },
      {
        method: 'GET',
        path: '/accounts/{accountNumber}/positions/{symbol}',
        summary: 'Position detail',
        docsPath: `${ENDPOINTS}/position-detail`,
      },
      {
        method: 'GET',
        path: '/accounts/{accountNumber}/activity/trades',
        summary: 'Trade activity',
        docsPath: `${ENDPOINTS}/trade-activity`,
      },
      {
        method: 'GET',
        path: '/accounts/{accountNumber}/activity/non-trade',
        summary: 'Non-trade activity',
        docsPath: `${ENDPOINTS}/non-trade-activity`,
      },
      {
        method: 'POST',
        path: '/accounts/{accountNumber}/documents',
        summary: 'Add a document',
        docsPath: `${ENDPOINTS}/add-document`,
      },
      {
        method: 'POST',
        path: '/accounts/{accountNumber}/documents/generate',
        summary: 'Generate a document',
        docsPath: `${ENDPOINTS}/generate-document`,
      },
      {
        method: 'GET',
        path: '/onboarding/applications/{applicationId}',
        summary: 'Onboarding result',
        docsPath: `${ENDPOINTS}/onboarding-result`,
      },
    ],
  },
  'onboarding-api': {
    id: 'onboarding-api',
    title: 'Onboarding API reference',
    description:
      'Open new accounts of every supported type from shared data blocks, and update addresses, associated parties and the primary owner of an open account.',
    scopes: ['onboarding.write', 'accounts.write'],
    guidePath: '/docs/accounts-api/guides/open-account-process',
    operations: [
      { method: 'POST', path: '/accounts', summary: 'Open a new account', docsPath: `${ENDPOINTS}/new-account` },
      {
        method: 'PATCH',
        path: '/accounts/{accountNumber}/addresses',
        summary: 'Update addresses',
        docsPath: `${ENDPOINTS}/update-account/AddressUpdate`,
      },
      {
        method: 'PATCH',
        path: '/accounts/{accountNumber}/associated-parties/{partyId}',
        summary: 'Update an associated party',
        docsPath: `${ENDPOINTS}/update-account/AssociatedPartyUpdate`,
      },
      {
        method: 'PATCH',
        path: '/accounts/{accountNumber}/primary-owner',
        summary: 'Update the primary owner',
        docsPath: `${ENDPOINTS}/update-account/PrimaryOwnerUpdate`,
      },
    ],
  },
  'orders-api': {
    id: 'orders-api',
    title: 'Orders API reference',
    description:
      'Enter, search, replace and cancel equity and option orders, including block orders and their allocations across accounts.',
    scopes: ['orders.read', 'orders.write'],
    guidePath: '/docs/trading-api',
    operations: (['equity', 'options'] as const).flatMap((assetClass) => {
      const folder = `/docs/trading-api/${assetClass}`;
      const noun = assetClass === 'equity' ? 'equity' : 'option';
      return [
        {
          method: 'POST',
          path: `/orders/${assetClass}`,
          summary: `Place a single ${noun} order`,
          docsPath: `${folder}/single-${noun}-order`,
        },
        {
          method: 'POST',
          path: `/orders/${assetClass}/block`,
          summary: `Place a block ${noun} order`,
          docsPath: `${folder}/block-${noun}-order`,
        },
        {
          method: 'POST',
          path: `/orders/${assetClass}/{orderId}/allocations`,
          summary: `Allocate a block ${noun} order`,
          docsPath: `${folder}/allocation-${noun}-order`,
        },
        {
          method: 'GET',
          path: `/orders/${assetClass}`,
          summary: `Search ${noun} orders`,
          docsPath: `${folder}/search-${noun}-orders`,
        },
        {
          method: 'GET',
          path: `/orders/${assetClass}/{orderId}`,
          summary: `Get a ${noun} order`,
          docsPath: `${folder}/get-${noun}-order`,
        },
        {
          method: 'PATCH',
          path: `/orders/${assetClass}/{orderId}`,
          summary: `Update a ${noun} order`,
          docsPath: `${folder}/update-${noun}-order`,
        },
        {
          method: 'DELETE',
          path: `/orders/${assetClass}/{orderId}`,
          summary: `Cancel a ${noun} order`,
          docsPath: `${folder}/cancel-${noun}-order`,
        },
      ] satisfies Operation[];
    }),
  },
};
