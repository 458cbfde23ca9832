/** @jest-environment jsdom */
import { makeMenuButtonOperable, MENU_BUTTON_NAME } from '../menuButton';

/** Redoc's layout as it draws it on a phone: the menu (hidden until opened) and the floating button after it. */
function redocLayout() {
  const root = document.createElement('div');
  root.innerHTML = `
    <div class="redoc-wrap">
      <div class="menu-content closed" style="display: none"></div>
      <div class="fab"><svg></svg></div>
      <div class="api-content"></div>
    </div>`;
  document.body.replaceChildren(root);
  const menu = root.querySelector<HTMLElement>('.menu-content')!;
  const button = root.querySelector<HTMLElement>('.fab')!;
  // Redoc's click handler toggles the menu by re-rendering it with another class.
  const clicks = jest.fn(() => {
    const open = menu.style.display === 'none';
    menu.style.display = open ? 'flex' : 'none';
    menu.className = `menu-content ${open ? 'open' : 'closed'}`;
  });
  button.addEventListener('click', clicks);
  return { root, menu, button, clicks };
}

const press = (element: HTMLElement, key: string) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
};
/** The menu's state is read in the next frame (after the button is made, and after Redoc restyles the menu). */
const settled = () => new Promise((resolve) => requestAnimationFrame(resolve));

test('the floating div becomes a named, focusable button that says whether the menu is open', async () => {
  const { root, menu, button } = redocLayout();
  makeMenuButtonOperable(root);
  await settled();
  expect(button.getAttribute('role')).toBe('button');
  expect(button.tabIndex).toBe(0);
  expect(button.getAttribute('aria-label')).toBe(MENU_BUTTON_NAME);
  expect(button.getAttribute('aria-controls')).toBe(menu.id);
  expect(menu.id).not.toBe('');
  expect(button.getAttribute('aria-expanded')).toBe('false');
});

test('a menu shown when the button is made (a wide window) is said to be open, in the next frame', async () => {
  const { root, menu, button } = redocLayout();
  menu.style.display = 'flex';
  makeMenuButtonOperable(root);
  await settled();
  expect(button.getAttribute('aria-expanded')).toBe('true');
});

test.each(['Enter', ' '])(
  '%j presses it: Redoc opens the menu, the button says so, the page does not scroll',
  async (key) => {
    const { root, button, clicks } = redocLayout();
    makeMenuButtonOperable(root);
    const event = press(button, key);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    await settled();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    press(button, key);
    await settled();
    expect(clicks).toHaveBeenCalledTimes(2);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  },
);

test('other keys are left alone, and a second pass adds no second key handler', () => {
  const { root, button, clicks } = redocLayout();
  expect(makeMenuButtonOperable(root)).toBeInstanceOf(Function);
  expect(makeMenuButtonOperable(root)).toBeUndefined();
  expect(press(button, 'Tab').defaultPrevented).toBe(false);
  press(button, 'Enter');
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('nothing to do before Redoc has drawn its layout', () => {
  expect(makeMenuButtonOperable(document.createElement('div'))).toBeUndefined();
});
