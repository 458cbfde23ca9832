import React, { type ReactNode } from 'react';
import TabsWithoutRemount, { type Props } from '@site/src/components/Tabs';

/** Replaces the theme's Tabs: the same tabs, not re-mounted after hydration (see `src/components/Tabs`). */
export default function Tabs(props: Props): ReactNode {
  return <TabsWithoutRemount {...props} />;
}
