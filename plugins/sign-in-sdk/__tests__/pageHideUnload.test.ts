/** @jest-environment jsdom */
import { add, getSize, removeAll } from '../client/pageHideUnload';

afterEach(() => removeAll());

test('runs each listener once when the page is hidden, never on the deprecated unload event', () => {
  const listener = jest.fn();
  const addListener = jest.spyOn(window, 'addEventListener');
  add(listener);
  expect(addListener.mock.calls.map(([type]) => type)).not.toContain('unload');
  window.dispatchEvent(new Event('unload'));
  expect(listener).not.toHaveBeenCalled();
  window.dispatchEvent(new Event('pagehide'));
  window.dispatchEvent(new Event('pagehide'));
  expect(listener).toHaveBeenCalledTimes(1);
  expect(getSize()).toBe(0);
});

test('a removed listener does not run; run() runs it at once and only then', () => {
  const removed = jest.fn();
  const ranEarly = jest.fn();
  add(removed).remove();
  add(ranEarly).run();
  expect(ranEarly).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event('pagehide'));
  expect(removed).not.toHaveBeenCalled();
  expect(ranEarly).toHaveBeenCalledTimes(1);
});

test('refuses what is not a function, as the unload package does', () => {
  expect(() => add('not a function' as unknown as () => void)).toThrow('Listener is no function');
});
