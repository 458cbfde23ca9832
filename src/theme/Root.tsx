import React, { type ReactNode } from 'react';
import AuthProvider from '@site/src/auth/AuthProvider';
import ProtectedPageContent from '@site/src/auth/ProtectedPageContent';

/** Wraps the whole site: the sign-in context, and the part that shows a protected page only to a signed-in reader. */
export default function Root({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <AuthProvider>
      <ProtectedPageContent>{children}</ProtectedPageContent>
    </AuthProvider>
  );
}
