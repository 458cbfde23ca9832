import React, { type ReactNode } from 'react';
import DocSidebarItems from '@theme-original/DocSidebarItems';
import type DocSidebarItemsType from '@theme/DocSidebarItems';
import type { WrapperProps } from '@docusaurus/types';
import ActiveSidebarItemInView from '@site/src/components/ActiveSidebarItem';

type Props = WrapperProps<typeof DocSidebarItemsType>;

/** The theme's sidebar items; the top level also brings the current page's link into view (src/theme/README.md). */
export default function DocSidebarItemsWrapper(props: Props): ReactNode {
  return (
    <>
      <DocSidebarItems {...props} />
      {props.level === 1 && <ActiveSidebarItemInView activePath={props.activePath} />}
    </>
  );
}
