import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import Hero from '@site/src/components/Home/Hero';
import ApiFamilies from '@site/src/components/Home/ApiFamilies';
import QuickStart from '@site/src/components/Home/QuickStart';

export default function Home(): ReactNode {
  const { title, tagline } = useSiteSettings();
  return (
    <Layout title="Home" description={tagline}>
      <main>
        <Hero title={title} tagline={tagline} />
        <ApiFamilies />
        <QuickStart />
      </main>
    </Layout>
  );
}
