import React, { type ReactNode } from 'react';
import NotFoundContent, { type Props } from '@site/src/components/NotFoundContent';

/** Replaces the theme's not-found text with the site's own words (see src/theme/README.md). */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  return <NotFoundContent {...props} />;
}
