import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import SignInPage from '@site/src/auth/SignInPage';

export default function LoginPage(): ReactNode {
  return (
    <Layout title="Sign in" description="Sign in to read the partner documentation.">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <SignInPage />
    </Layout>
  );
}
