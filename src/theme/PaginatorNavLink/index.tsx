import React, { type ReactNode } from 'react';
import PaginatorNavLink from '@theme-original/PaginatorNavLink';
import type PaginatorNavLinkType from '@theme/PaginatorNavLink';
import type { WrapperProps } from '@docusaurus/types';
import { keptText } from '@site/src/components/KeptText';

type Props = WrapperProps<typeof PaginatorNavLinkType>;

/**
 * The theme's previous/next link, its title's hyphenated words kept whole ("Non-trade activity";
 * src/theme/README.md).
 */
export default function PaginatorNavLinkWrapper(props: Props): ReactNode {
  const title = typeof props.title === 'string' ? keptText(props.title) : props.title;
  return <PaginatorNavLink {...props} title={title} />;
}
