/** @jest-environment jsdom */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RETURN_TO_PARAM, SIGN_IN_PAGE_PATH } from '../../../config/protectedContent';
import { contentSecurityPolicy, scriptHashSource } from '../csp';
import { isRunnableInlineScript, scanHtml } from '../html';
import type { AuthSettings } from '../../../config/settings';
import { renderSignInShell, SHELL_COLOURS, SHELL_HEADING, SHELL_MESSAGE, STARTER_TIMEOUT_MS } from '../shell';

const shell = renderSignInShell({
  baseUrl: '/portal/',
  siteTitle: 'Clearing API Developer Docs',
  favicon: 'img/favicon.svg',
  lang: 'en',
});
const document = new DOMParser().parseFromString(shell.html, 'text/html');

/** Runs the shell's script against a location, and returns where it sends the reader. */
function redirectFrom(href: string): string {
  const url = new URL(href);
  let target = '';
  const location = {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    replace: (to: string) => (target = to),
  };
  new Function('location', shell.script)(location);
  return target;
}

describe('renderSignInShell', () => {
  it('is a complete, indexable-by-no-one page', () => {
    expect(shell.html.startsWith('<!doctype html>')).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Sign in required | Clearing API Developer Docs');
    expect(document.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(document.querySelector('meta[name=viewport]')?.getAttribute('content')).toContain('width=device-width');
  });

  it('says what the page is and where the reader is going, in a main landmark', () => {
    expect(document.querySelector('main h1')?.textContent).toBe(SHELL_HEADING);
    expect(document.querySelector('main p')?.textContent).toBe(SHELL_MESSAGE);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('links to the sign-in page by absolute path, so it works at any depth and without script', () => {
    const links = Array.from(document.querySelectorAll('a'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sign in', `/portal/${SIGN_IN_PAGE_PATH}`],
    ]);
    // No other file of the site but its icon (public), by absolute path too.
    expect(Array.from(document.querySelectorAll('[src], link[href]'), (element) => element.outerHTML)).toEqual([
      '<link rel="icon" href="/portal/img/favicon.svg">',
    ]);
  });

  it('sends the reader to sign in, to come back to the page they asked for', () => {
    expect(redirectFrom('https://docs.example.com/portal/docs/orders/?tab=a&b=c#limits')).toBe(
      `/portal/${SIGN_IN_PAGE_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent('/portal/docs/orders/?tab=a&b=c#limits')}`,
    );
  });

  it('has exactly one inline script, the one it reports, which the CSP allows by hash', () => {
    const scripts = scanHtml(shell.html).scripts.filter(isRunnableInlineScript);
    expect(scripts.map(({ text }) => text)).toEqual([shell.script]);
    const policy = contentSecurityPolicy({
      inlineScripts: [shell.script],
      issuer: 'https://login.example.com',
      siteUrl: 'https://docs.example.com',
    });
    expect(policy).toContain(scriptHashSource(scripts[0].text));
  });

  it('escapes the title and cannot have its script ended by the base URL', () => {
    const hostile = renderSignInShell({
      baseUrl: '/a</script><b>/',
      siteTitle: '<img src=x onerror=alert(1)>',
      favicon: 'img/favicon.svg',
      lang: 'en',
    });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.script).not.toContain('</script');
    const parsed = new DOMParser().parseFromString(hostile.html, 'text/html');
    expect(parsed.title).toBe('Sign in required | <img src=x onerror=alert(1)>');
    expect(parsed.querySelectorAll('script')).toHaveLength(1);
  });

  it('holds no documentation', () => {
    const docsDir = path.join(__dirname, '../../../docs');
    const sentences = (readdirSync(docsDir, { recursive: true }) as string[])
      .filter((file) => /\.mdx?$/.test(file))
      .flatMap((file) => readFileSync(path.join(docsDir, file), 'utf8').split(/[.\n]/))
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.split(/\s+/).length >= 4);
    expect(sentences.length).toBeGreaterThan(100);
    const text = document.body.textContent ?? '';
    expect(sentences.filter((sentence) => text.includes(sentence))).toEqual([]);
    expect(text.replace(/\s+/g, ' ').trim()).toBe(`${SHELL_HEADING} ${SHELL_MESSAGE} Sign in`);
  });

  it('follows the reader’s colour scheme', () => {
    expect(shell.html).toContain('@media (prefers-color-scheme: dark)');
    expect(shell.html).toContain('color-scheme: light dark');
  });
});

describe('renderSignInShell with a sign-in starter', () => {
  const settings: AuthSettings = {
    issuer: 'https://login.example.com',
    clientId: 'developer-docs',
    scopes: ['openid'],
    realm: 'developers',
    debug: false,
    revokeOnSignOut: true,
    protectedPaths: ['/docs'],
    sandboxClientIdClaim: 'sandbox_client_id',
  };
  const withStarter = renderSignInShell({
    baseUrl: '/portal/',
    siteTitle: 'Clearing API Developer Docs',
    favicon: 'img/favicon.svg',
    lang: 'en',
    starter: { file: 'assets/sign-in/start.0123abcd.js', settings },
  });
  const signInPage = `/portal/${SIGN_IN_PAGE_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent('/portal/docs/orders?a=b#c')}`;

  /** Runs the script with a stand-in for the browser's dynamic import; returns what it imported, started and replaced. */
  async function run(importModule: (url: string) => Promise<unknown>) {
    const replaced: string[] = [];
    const timers: (() => void)[] = [];
    const location = {
      pathname: '/portal/docs/orders',
      search: '?a=b',
      hash: '#c',
      replace: (to: string) => replaced.push(to),
    };
    const imported: string[] = [];
    const script = withStarter.script.replace(/\bimport\(/, 'loadStarterModule(');
    expect(script).not.toBe(withStarter.script);
    new Function('location', 'setTimeout', 'clearTimeout', 'loadStarterModule', script)(
      location,
      (callback: () => void, ms: number) => {
        expect(ms).toBe(STARTER_TIMEOUT_MS);
        timers.push(callback);
        return timers.length;
      },
      (id: number) => (timers[id - 1] = () => undefined),
      (url: string) => {
        imported.push(url);
        return importModule(url);
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { imported, replaced, timeout: () => timers.forEach((timer) => timer()) };
  }

  it('imports the starter under the base URL and starts the sign-in with the settings and the address asked for', async () => {
    const startSignIn = jest.fn(async () => undefined);
    const { imported, replaced } = await run(async () => ({ startSignIn }));
    expect(imported).toEqual(['/portal/assets/sign-in/start.0123abcd.js']);
    expect(startSignIn).toHaveBeenCalledWith(settings, '/portal/', '/portal/docs/orders?a=b#c');
    expect(replaced).toEqual([]);
  });

  it('hands the reader to the sign-in page when the starter declines or fails', async () => {
    const declined = await run(async () => ({
      startSignIn: async () => Promise.reject(new Error('tokens are stored')),
    }));
    expect(declined.replaced).toEqual([signInPage]);
    const unavailable = await run(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(unavailable.replaced).toEqual([signInPage]);
  });

  it('hands the reader to the sign-in page when the starter has not left for the provider in time', async () => {
    const stalled = await run(() => new Promise(() => undefined));
    expect(stalled.replaced).toEqual([]);
    stalled.timeout();
    expect(stalled.replaced).toEqual([signInPage]);
  });

  it('keeps its one inline script safe and allowed by the CSP', () => {
    expect(withStarter.script).not.toContain('</script');
    const scripts = scanHtml(withStarter.html).scripts.filter(isRunnableInlineScript);
    expect(scripts.map(({ text }) => text)).toEqual([withStarter.script]);
  });
});

/** WCAG 2.1 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('SHELL_COLOURS', () => {
  it.each(Object.entries(SHELL_COLOURS))('%s: text and link reach 4.5:1 (WCAG 2.1 AA)', (_scheme, colours) => {
    expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.link, colours.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses every colour it declares', () => {
    for (const colour of Object.values(SHELL_COLOURS).flatMap(Object.values)) expect(shell.html).toContain(colour);
  });
});
