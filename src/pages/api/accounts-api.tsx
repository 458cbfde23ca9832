import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import ApiOverview from '@site/src/components/ApiOverview';

export default function AccountsApiReference(): ReactNode {
  return (
    <Layout title="Accounts API reference" description="Servers, security and every operation of the Accounts API.">
      <ApiOverview api="accounts-api" />
    </Layout>
  );
}
