import React, { type ReactNode } from 'react';
import SearchPage from '@theme-original/SearchPage';
import SignedInSearchPage from '@site/src/components/SignedInSearchPage';
import DevServerNote, { isDevServer } from '@site/src/components/DevServerNote';

/** The search plugin's page, behind sign-in (see SignedInSearchPage). */
export default function SearchPageWrapper(): ReactNode {
  return (
    <SignedInSearchPage>
      {isDevServer() ? <DevServerNote feature="Search" /> : null}
      <SearchPage />
    </SignedInSearchPage>
  );
}
