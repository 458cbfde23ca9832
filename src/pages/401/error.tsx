import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import SignInFailurePage from '@site/src/auth/SignInFailurePage';

export default function UnauthorizedPage(): ReactNode {
  return (
    <Layout title="Sign-in required" description="Why sign-in failed or was refused, and how to continue.">
      <SignInFailurePage />
    </Layout>
  );
}
