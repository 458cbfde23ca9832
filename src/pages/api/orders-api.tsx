import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import ApiOverview from '@site/src/components/ApiOverview';

export default function OrdersApiReference(): ReactNode {
  return (
    <Layout title="Orders API reference" description="Servers, security and every operation of the Orders API.">
      <ApiOverview api="orders-api" />
    </Layout>
  );
}
