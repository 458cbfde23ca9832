import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import ApiOverview from '@site/src/components/ApiOverview';

export default function OnboardingApiReference(): ReactNode {
  return (
    <Layout title="Onboarding API reference" description="Servers, security and every operation of the Onboarding API.">
      <ApiOverview api="onboarding-api" />
    </Layout>
  );
}
