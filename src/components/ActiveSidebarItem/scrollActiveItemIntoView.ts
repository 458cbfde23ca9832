/** The sidebar link of the page being read (the theme marks it `aria-current="page"`). */
const ACTIVE_SIDEBAR_LINK = '.menu__link--active[aria-current="page"]';

/**
 * Scrolls each sidebar menu (the desktop sidebar's `nav.menu`, the phone menu's `.menu` panel) so
 * that the link of the current page is in view, centred, when it is not fully in view already. Only
 * the menu scrolls, never the page. Returns how many menus it scrolled.
 */
export function scrollActiveItemIntoView(root: ParentNode = document): number {
  let scrolled = 0;
  for (const link of Array.from(root.querySelectorAll<HTMLElement>(ACTIVE_SIDEBAR_LINK))) {
    const menu = link.closest<HTMLElement>('.menu');
    if (!menu || menu.scrollHeight <= menu.clientHeight) continue;
    const menuBox = menu.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    if (linkBox.top >= menuBox.top && linkBox.bottom <= menuBox.bottom) continue;
    menu.scrollTop += linkBox.top - menuBox.top - (menuBox.height - linkBox.height) / 2;
    scrolled += 1;
  }
  return scrolled;
}
