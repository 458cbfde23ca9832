import { sampleRenderKey } from '../sampleRenderKey';

describe('sampleRenderKey', () => {
  it('keeps the prerendered code block in light mode, also once hydrated', () => {
    expect(sampleRenderKey(true, 'light')).toBe(sampleRenderKey(false, 'light'));
  });

  it('re-mounts it once hydrated in dark mode, where the prerendered colours are the light ones', () => {
    expect(sampleRenderKey(true, 'dark')).not.toBe(sampleRenderKey(false, 'dark'));
    expect(sampleRenderKey(false, 'dark')).toBe(sampleRenderKey(false, 'light'));
  });
});
