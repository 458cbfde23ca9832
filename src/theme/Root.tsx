import React, { type ReactNode } from 'react';
import AuthProvider from '@site/src/auth/AuthProvider';
import AccessGate from '@site/src/auth/AccessGate';

/** Wraps the whole site: the sign-in context, and the gate in front of protected paths. */
export default function Root({ children }: { readonly children: ReactNode }): ReactNode {
  return (
    <AuthProvider>
      <AccessGate>{children}</AccessGate>
    </AuthProvider>
  );
}
