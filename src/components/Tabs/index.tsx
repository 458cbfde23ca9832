import React, { type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import {
  sanitizeTabsChildren,
  TabsProvider,
  useScrollPositionBlocker,
  useTabs,
  useTabsContextValue,
} from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/Tabs';
import styles from './styles.module.css';

export type { Props };

/**
 * The row of tabs, as the theme draws it (click or Enter selects, the arrow keys move between tabs), except
 * that on a narrow screen it wraps onto a second row instead of cutting a label at the edge.
 */
function TabList({ className }: { readonly className?: string }): ReactNode {
  const { selectedValue, selectValue, tabValues, block } = useTabs();
  const tabRefs: (HTMLLIElement | null)[] = [];
  const { blockElementScrollPositionUntilNextRender } = useScrollPositionBlocker();

  const handleTabChange = (event: MouseEvent<HTMLLIElement> | KeyboardEvent<HTMLLIElement>) => {
    const newTab = event.currentTarget;
    const newTabValue = tabValues[tabRefs.indexOf(newTab)]?.value;
    if (newTabValue !== undefined && newTabValue !== selectedValue) {
      blockElementScrollPositionUntilNextRender(newTab);
      selectValue(newTabValue);
    }
  };

  const handleKeydown = (event: KeyboardEvent<HTMLLIElement>) => {
    const index = tabRefs.indexOf(event.currentTarget);
    if (event.key === 'Enter') handleTabChange(event);
    else if (event.key === 'ArrowRight') (tabRefs[index + 1] ?? tabRefs[0])?.focus();
    else if (event.key === 'ArrowLeft') (tabRefs[index - 1] ?? tabRefs[tabRefs.length - 1])?.focus();
  };

  return (
    <ul
      role="tablist"
      aria-orientation="horizontal"
      className={clsx('tabs', styles.tabRow, { 'tabs--block': block }, className)}>
      {tabValues.map(({ value, label, attributes }) => (
        <li
          role="tab"
          tabIndex={selectedValue === value ? 0 : -1}
          aria-selected={selectedValue === value}
          key={value}
          ref={(ref) => {
            tabRefs.push(ref);
          }}
          onKeyDown={handleKeydown}
          onClick={handleTabChange}
          {...attributes}
          className={clsx('tabs__item', styles.tabItem, attributes?.className as string | undefined, {
            'tabs__item--active': selectedValue === value,
          })}>
          {label ?? value}
        </li>
      ))}
    </ul>
  );
}

/**
 * The theme's Tabs without its re-mount after hydration. The theme keys its tabs with `useIsBrowser()`, for tabs
 * whose `defaultValue` is computed in the browser (facebook/docusaurus#5653); ours never are (MDX and the request
 * samples of `plugins/remark-api-reference` pass fixed values). The re-mount rebuilt every tab panel and the
 * highlighted code in it in one task after hydration. The reader's choice still comes from the group's stored
 * value (`groupId`) or the query string (`queryString`): `useTabsContextValue` applies it after hydration.
 */
export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  return (
    <TabsProvider value={value}>
      <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.tabList)}>
        {/* As in the theme: `className` goes on the tab list, not on the container. */}
        <TabList className={props.className} />
        <div className="margin-top--md">{sanitizeTabsChildren(props.children)}</div>
      </div>
    </TabsProvider>
  );
}
