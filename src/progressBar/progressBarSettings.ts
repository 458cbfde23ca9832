/**
 * The route-change progress bar's markup (nprogress, which the classic theme starts when a route's code is slow to
 * load). nprogress's own template marks the bar `role="bar"` and finds it by that attribute, and "bar" is no ARIA
 * role: axe reported `aria-roles` on every page that took longer than 200 ms to open. The bar is decoration (the page
 * it leads to says when it is there), so it has no role, and nprogress finds it by its class, which its styles use.
 */
export const PROGRESS_BAR_SETTINGS = {
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
} as const;
