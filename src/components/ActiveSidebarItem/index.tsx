import { useEffect } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import { scrollActiveItemIntoView } from './scrollActiveItemIntoView';

/**
 * Brings the current page's sidebar link into view when a docs page loads, when the reader moves to
 * another page, and when the phone menu opens. Browser-only: it runs in an effect.
 */
function useActiveSidebarItemInView(activePath: string): void {
  const { shown: phoneMenuShown } = useNavbarMobileSidebar();
  useEffect(() => {
    // After the browser has laid out the expanded categories of the new page.
    const frame = requestAnimationFrame(() => scrollActiveItemIntoView());
    return () => cancelAnimationFrame(frame);
  }, [activePath, phoneMenuShown]);
}

export interface Props {
  /** The path of the page being read. */
  readonly activePath: string;
}

/** Renders nothing; keeps the current page's sidebar link in view (`useActiveSidebarItemInView`). */
export default function ActiveSidebarItemInView({ activePath }: Props): null {
  useActiveSidebarItemInView(activePath);
  return null;
}
