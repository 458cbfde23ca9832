import { runInNewContext } from 'node:vm';
import type { AuthSettings } from '../../../config/settings';
import { EARLY_FINISH_GLOBAL } from '../../../contracts/auth/returnPage';
import { earlyFinishScript, withEarlyFinish } from '../earlyFinish';

const STARTER = {
  file: 'assets/sign-in/start.0123abcd.js',
  settings: { issuer: 'http://localhost:4100', clientId: 'developer-docs' } as AuthSettings,
};

const APP = ['/assets/js/runtime~main.1.js', '/assets/js/main.2.js'];

/** Runs the script in a bare context whose `import()` is `load`; returns the hand-off and the scripts it added. */
function run(script: string, load: (url: string) => Promise<unknown>) {
  const window: Record<string, unknown> = {};
  const added: { src: string; async: boolean }[] = [];
  const timers: (() => void)[] = [];
  const document = {
    createElement: () => ({ src: '', async: true }),
    head: { appendChild: (element: { src: string; async: boolean }) => added.push(element) },
  };
  // The script's dynamic import() becomes a call of `load` (vm contexts have no module loader).
  runInNewContext(script.replace(/\bimport\(/, '__load('), {
    window,
    document,
    __load: load,
    setTimeout: (callback: () => void) => timers.push(callback),
    clearTimeout: () => timers.splice(0),
  });
  const handOff = window[EARLY_FINISH_GLOBAL] as { result: Promise<unknown>; abandon(): void };
  return { handOff, added, fallBack: () => timers.forEach((callback) => callback()) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('earlyFinishScript', () => {
  it('imports the starter under the base URL and hands finishSignIn the settings and the abandon flag', async () => {
    const finishSignIn = jest.fn(async (_settings: AuthSettings, _baseUrl: string, isAbandoned: () => boolean) => ({
      outcome: isAbandoned() ? 'abandoned' : 'leaving',
    }));
    const load = jest.fn(async () => ({ finishSignIn }));
    const { handOff } = run(earlyFinishScript('/docs-site/', STARTER, APP), load);
    expect(load).toHaveBeenCalledWith('/docs-site/assets/sign-in/start.0123abcd.js');
    handOff.abandon();
    await expect(handOff.result).resolves.toEqual({ outcome: 'abandoned' });
    expect(finishSignIn.mock.calls[0].slice(0, 2)).toEqual([STARTER.settings, '/docs-site/']);
  });

  it('loads no application while the browser leaves for the signed-in page', async () => {
    const { handOff, added } = run(earlyFinishScript('/', STARTER, APP), async () => ({
      finishSignIn: async () => ({ outcome: 'leaving', returnTo: '/docs' }),
    }));
    await handOff.result;
    await settled();
    expect(added).toEqual([]);
  });

  it.each([{ outcome: 'failed', error: new Error('invalid_grant') }, { outcome: 'not-started' }])(
    'loads the application, in order, when LoginCallback must act: %j',
    async (outcome) => {
      const { handOff, added } = run(earlyFinishScript('/', STARTER, APP), async () => ({
        finishSignIn: async () => outcome,
      }));
      await handOff.result;
      await settled();
      expect(added).toEqual(APP.map((src) => ({ src, async: false })));
    },
  );

  it('reports not-started and loads the application when the starter cannot be loaded', async () => {
    const { handOff, added } = run(earlyFinishScript('/', STARTER, APP), () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    await expect(handOff.result).resolves.toEqual({ outcome: 'not-started' });
    await settled();
    expect(added.map(({ src }) => src)).toEqual(APP);
  });

  it('loads the application after a while when the exchange has not ended, once only', async () => {
    const { added, fallBack } = run(earlyFinishScript('/', STARTER, APP), () => new Promise(() => undefined));
    expect(added).toEqual([]);
    fallBack();
    fallBack();
    expect(added.map(({ src }) => src)).toEqual(APP);
  });

  it('cannot end its <script> element, whatever the settings hold', () => {
    const script = earlyFinishScript(
      '/',
      { ...STARTER, settings: { ...STARTER.settings, clientId: '</script><script>alert(1)</script>' } },
      APP,
    );
    expect(script).not.toContain('</script');
  });
});

describe('withEarlyFinish', () => {
  const PAGE =
    '<!doctype html><html><head><meta charset=UTF-8><title>t</title>' +
    '<script src=/assets/js/runtime~main.1.js defer></script><script src=/assets/js/main.2.js defer></script>' +
    '</head><body><p>Completing your sign-in…</p><script>inline()</script></body></html>';

  it('puts the script first in <head> and holds back the application scripts for it to load', () => {
    const html = withEarlyFinish(PAGE, '/', STARTER);
    expect(html).toBe(
      `<!doctype html><html><head><meta charset=UTF-8><script>${earlyFinishScript('/', STARTER, APP)}</script>` +
        '<title>t</title></head><body><p>Completing your sign-in…</p><script>inline()</script></body></html>',
    );
  });

  it('fails the build with a clear message when the page is not what Docusaurus writes', () => {
    expect(() => withEarlyFinish('<p>no head</p><script src=/a.js defer></script>', '/', STARTER)).toThrow(
      /login\/callback\/index\.html has no <head>/,
    );
    expect(() => withEarlyFinish('<head></head>', '/', STARTER)).toThrow(/no deferred application scripts/);
  });
});
