import type { ReactNode } from 'react';

/** Docusaurus's `<Head>` writes into the document head through react-helmet; unit tests do not look there. */
export default function Head(_props: { readonly children?: ReactNode }): ReactNode {
  return null;
}
