import React, { type ReactNode } from 'react';

/**
 * `@docusaurus/Link` needs the Docusaurus runtime (router, base URL context), which unit tests do
 * not start; this stand-in renders the plain anchor the real one produces for a site path.
 */
export default function Link({
  to,
  href,
  children,
  ...rest
}: { to?: string; href?: string; children?: ReactNode } & Record<string, unknown>): ReactNode {
  return (
    <a href={to ?? href} {...rest}>
      {children}
    </a>
  );
}
