/**
 * The `unload` package's API (2.x: add, runAll, removeAll, getSize), listening to `pagehide` instead of
 * the deprecated `unload` event (and `beforeunload`, which also keeps a page out of the back/forward
 * cache). okta-auth-js's leader election across tabs (`broadcast-channel`) uses it to hand over the
 * leadership when a tab goes away; `pagehide` fires in every case `unload` did, bfcache included.
 * Put in place of `unload` for `broadcast-channel` by `plugins/sign-in-sdk`.
 */
const LISTENERS = new Set();
let listening = false;

export function runAll() {
  const promises = [];
  LISTENERS.forEach((fn) => {
    promises.push(fn());
    LISTENERS.delete(fn);
  });
  return Promise.all(promises);
}

function startListening() {
  if (listening || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listening = true;
  window.addEventListener('pagehide', () => void runAll(), true);
}

export function add(fn) {
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  startListening();
  LISTENERS.add(fn);
  return {
    remove: () => LISTENERS.delete(fn),
    run: () => {
      LISTENERS.delete(fn);
      return fn();
    },
  };
}

export function removeAll() {
  LISTENERS.clear();
}

export function getSize() {
  return LISTENERS.size;
}
