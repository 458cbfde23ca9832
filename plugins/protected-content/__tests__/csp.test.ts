import { createHash } from 'node:crypto';
import { contentSecurityPolicy, scriptHashSource } from '../csp';

const COLOUR_MODE = '!function(){var t="light";document.documentElement.setAttribute("data-theme",t)}()';
const BANNER = 'document.addEventListener("DOMContentLoaded",function(){void 0===window.docusaurus&&insertBanner()});';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The policy as a map of directive to its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

describe('scriptHashSource', () => {
  it('is the SHA-256 of the script text, base64, as a CSP source', () => {
    expect(scriptHashSource(COLOUR_MODE)).toBe(`'sha256-${sha256(COLOUR_MODE)}'`);
  });

  it('hashes the UTF-8 bytes', () => {
    const text = 'console.log("Café – ✓")';
    expect(scriptHashSource(text)).toBe(
      `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`,
    );
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy({
    inlineScripts: [COLOUR_MODE, BANNER, COLOUR_MODE],
    issuer: 'https://login.example.com/oauth2/default',
    siteUrl: 'https://docs.example.com',
  });
  const parsed = directives(policy);

  it('allows scripts from the site and the build’s inline scripts by hash, each once', () => {
    expect(parsed['script-src']).toEqual([
      "'self'",
      ...[`'sha256-${sha256(COLOUR_MODE)}'`, `'sha256-${sha256(BANNER)}'`].sort(),
    ]);
  });

  it('allows neither eval nor inline scripts', () => {
    expect(policy).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
    expect(parsed['script-src']).not.toContain("'unsafe-inline'");
  });

  it('lets the sign-in SDK reach the provider’s origin (not its path)', () => {
    expect(parsed['connect-src']).toEqual(["'self'", 'https://login.example.com']);
    expect(parsed['frame-src']).toEqual(['https://login.example.com']);
  });

  it('lets sign-out post its end-session form to the provider’s origin', () => {
    expect(parsed['form-action']).toEqual(["'self'", 'https://login.example.com']);
  });

  it('has the rest of the policy', () => {
    expect(parsed).toMatchObject({
      'default-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    });
    expect(policy.startsWith("default-src 'self'; script-src 'self' 'sha256-")).toBe(true);
  });

  it('is the same for the same scripts in any order', () => {
    expect(
      contentSecurityPolicy({
        inlineScripts: [BANNER, COLOUR_MODE],
        issuer: 'https://login.example.com',
        siteUrl: 'https://docs.example.com',
      }),
    ).toBe(policy);
  });

  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3000/developers/',
    'http://[::1]:8080',
    'http://docs.localhost:3000',
    'http://127.0.0.2:3000',
  ])('lets a site built for %s reach a sandbox on loopback too', (siteUrl) => {
    const local = directives(
      contentSecurityPolicy({ inlineScripts: [], issuer: 'https://login.example.com', siteUrl }),
    );
    expect(local['connect-src']).toEqual([
      "'self'",
      'https://login.example.com',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
  });

  it.each(['https://docs.example.com', 'https://localhost.example.com', 'http://10.0.0.5:3000'])(
    'keeps a site built for %s to itself and the provider',
    (siteUrl) => {
      const deployed = directives(
        contentSecurityPolicy({ inlineScripts: [], issuer: 'https://login.example.com', siteUrl }),
      );
      expect(deployed['connect-src']).toEqual(["'self'", 'https://login.example.com']);
    },
  );
});
