import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import LoginCallbackHandler from '@site/src/auth/LoginCallback';

export default function LoginCallbackPage(): ReactNode {
  return (
    <Layout title="Signing in" description="Completes the sign-in with the identity provider.">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <LoginCallbackHandler />
    </Layout>
  );
}
