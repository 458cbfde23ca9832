import type { NavbarItem } from '@docusaurus/theme-common';

/** The site's own navbar item types (see src/theme/NavbarItem/ComponentTypes.tsx). */
function isCustomItem(item: NavbarItem): boolean {
  return typeof item.type === 'string' && (item.type === 'search' || item.type.startsWith('custom-'));
}

/**
 * Places items on the left or right: each item may say so with `position`; custom items (search,
 * Log In / Log Out) default to the right. Docusaurus's own default would put them on the left.
 */
export function withDefaultPositions(items: NavbarItem[]): NavbarItem[] {
  return items.map((item) => (item.position ? item : { ...item, position: isCustomItem(item) ? 'right' : 'left' }));
}
