/** @jest-environment jsdom */
import nprogress from 'nprogress';
import { onRouteUpdate } from '../progressBarClientModule';

afterEach(() => {
  nprogress.remove();
});

describe('the progress bar client module', () => {
  it('renders a bar without an ARIA role, which nprogress still moves', () => {
    onRouteUpdate();
    nprogress.start();
    nprogress.set(0.5);
    const bar = document.querySelector<HTMLElement>('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    // nprogress positions the bar it found with its selector: half-way is -50 % of its width.
    expect(bar?.style.transform).toMatch(/^translate(3d)?\(-50%,0/);
  });
});
