import React, { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type OriginalSearchBar from '@theme-original/SearchBar';
import SearchBoxPlaceholder from '@site/src/components/SearchBoxPlaceholder';
import DevServerNote, { isDevServer } from '@site/src/components/DevServerNote';

// The local-search theme's search box (its worker client included) is a chunk of its own, asked for when a
// signed-in visitor's navbar first shows it: nobody else is shown the box.
const SearchBar = lazy(() => import('@theme-original/SearchBar'));

/** The search plugin's search box, downloaded when first shown; an empty box of its size until then. */
export default function SearchBarWhenShown(props: ComponentProps<typeof OriginalSearchBar>): ReactNode {
  // The development server has no search index: say what to run instead of a box that cannot answer.
  if (isDevServer()) return <DevServerNote feature="Search" compact />;
  return (
    <Suspense fallback={<SearchBoxPlaceholder inSearchContainer />}>
      <SearchBar {...props} />
    </Suspense>
  );
}
