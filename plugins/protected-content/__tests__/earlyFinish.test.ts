/**
 * @jest-environment node
 */
import { runInNewContext } from 'node:vm';
import type { AuthSettings } from '../../../config/settings';
import { EARLY_FINISH_GLOBAL } from '../../../src/auth/earlyFinish';
import { earlyFinishScript, withEarlyFinish } from '../earlyFinish';

const STARTER = {
  file: 'assets/sign-in/start.0123abcd.js',
  settings: { issuer: 'http://localhost:4100', clientId: 'developer-docs' } as AuthSettings,
};

/** Runs the script in a bare context whose `import()` is `load`. */
function run(script: string, load: (url: string) => Promise<unknown>) {
  const window: Record<string, unknown> = {};
  // The script's dynamic import() becomes a call of `load` (vm contexts have no module loader).
  runInNewContext(script.replace(/\bimport\(/, '__load('), { window, __load: load });
  return window[EARLY_FINISH_GLOBAL] as { result: Promise<unknown>; abandon(): void };
}

describe('earlyFinishScript', () => {
  it('imports the starter under the base URL and hands finishSignIn the settings and the abandon flag', async () => {
    const finishSignIn = jest.fn(async (_settings: AuthSettings, _baseUrl: string, isAbandoned: () => boolean) => ({
      outcome: isAbandoned() ? 'abandoned' : 'leaving',
    }));
    const load = jest.fn(async () => ({ finishSignIn }));
    const handOff = run(earlyFinishScript('/docs-site/', STARTER), load);
    expect(load).toHaveBeenCalledWith('/docs-site/assets/sign-in/start.0123abcd.js');
    handOff.abandon();
    await expect(handOff.result).resolves.toEqual({ outcome: 'abandoned' });
    expect(finishSignIn.mock.calls[0].slice(0, 2)).toEqual([STARTER.settings, '/docs-site/']);
  });

  it('reports not-started when the starter cannot be loaded, so the page exchanges the code itself', async () => {
    const handOff = run(earlyFinishScript('/', STARTER), () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(handOff.result).resolves.toEqual({ outcome: 'not-started' });
  });

  it('cannot end its <script> element, whatever the settings hold', () => {
    const script = earlyFinishScript('/', {
      ...STARTER,
      settings: { ...STARTER.settings, clientId: '</script><script>alert(1)</script>' },
    });
    expect(script).not.toContain('</script');
  });
});

describe('withEarlyFinish', () => {
  it('puts the script first in <head>, right after the character set', () => {
    const html =
      '<!doctype html><html><head><meta charset="UTF-8"><title>t</title><script src="/main.js" defer></script></head></html>';
    expect(withEarlyFinish(html, 'go()')).toBe(
      '<!doctype html><html><head><meta charset="UTF-8"><script>go()</script><title>t</title><script src="/main.js" defer></script></head></html>',
    );
  });

  it('fails the build with a clear message when the page has no <head>', () => {
    expect(() => withEarlyFinish('<p>no head</p>', 'go()')).toThrow(/login\/callback\/index\.html has no <head>/);
  });
});
