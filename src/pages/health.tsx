import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import HealthStatus from '@site/src/components/HealthStatus';

export default function HealthPage(): ReactNode {
  return (
    <Layout title="Site health" description="Status, version, commit and build time of the documentation site.">
      <HealthStatus />
    </Layout>
  );
}
