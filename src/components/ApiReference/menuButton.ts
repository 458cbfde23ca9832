/** What the phone menu button is called (Redoc draws it with an icon only). */
export const MENU_BUTTON_NAME = 'Operations menu';
/** Redoc's floating menu button: the element after its menu, a `div` with a click handler. */
const MENU_BUTTON = '.redoc-wrap > .menu-content + div';
const MENU_ID = 'reference-operations-menu';

/** Whether the menu is shown: on a phone Redoc hides it with `display: none` until the button opens it. */
const isOpen = (menu: Element) => getComputedStyle(menu).display !== 'none';

/**
 * Redoc's phone menu button is a `div` that only a pointer can use. It becomes a button (WCAG 4.1.2,
 * 2.1.1): focusable, named, saying whether the menu is open, and pressed with Enter or Space as a
 * button is (the key goes to Redoc's own click handler). Done once per button; returns a function that
 * stops following the menu, or undefined when there is no button (yet) or it was done already.
 */
export function makeMenuButtonOperable(root: ParentNode): (() => void) | undefined {
  const button = root.querySelector<HTMLElement>(MENU_BUTTON);
  const menu = button?.previousElementSibling;
  if (!button || !menu || button.getAttribute('role') === 'button') return undefined;
  menu.id ||= MENU_ID;
  button.setAttribute('role', 'button');
  button.setAttribute('tabindex', '0');
  button.setAttribute('aria-label', MENU_BUTTON_NAME);
  button.setAttribute('aria-controls', menu.id);
  const showState = () => button.setAttribute('aria-expanded', String(isOpen(menu)));
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault(); // Space would scroll the page
    button.click();
  });
  // Redoc opens and closes the menu by changing its class (styled-components), from the button or a menu item; it
  // also restyles the menu as it draws and scrolls. The state is read in the next frame, once a frame at most:
  // reading it asks the browser for the page's style, which a frame works out anyway (read at once, while Redoc is
  // drawing, it was worked out twice, in the same long task as Redoc's drawing).
  let frame = 0;
  const showStateNextFrame = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      showState();
    });
  };
  button.setAttribute('aria-expanded', 'false');
  showStateNextFrame();
  const observer = new MutationObserver(showStateNextFrame);
  observer.observe(menu, { attributes: true, attributeFilter: ['class', 'style'] });
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
