import React, { type ReactNode } from 'react';
import SearchPage from '@theme-original/SearchPage';
import SearchPageGate from '@site/src/components/SearchPageGate';

/** The search plugin's page, behind sign-in (see SearchPageGate). */
export default function SearchPageWrapper(): ReactNode {
  return (
    <SearchPageGate>
      <SearchPage />
    </SearchPageGate>
  );
}
