/**
 * The page the gate answers (401) at a protected page's URL to a reader who has not signed in: no
 * documentation, only a way to sign in that brings the reader back. It is served at any URL depth,
 * so every link in it is absolute, and it needs no other file of the site.
 */
import { RETURN_TO_PARAM, SIGN_IN_PAGE_PATH } from '../../config/protectedContent';
import type { AuthSettings } from '../../config/settings';

/** The module that starts the sign-in from the shell itself (`src/auth/signInStart.ts`). */
export interface SignInStarter {
  /** Its path relative to the build's root. */
  readonly file: string;
  readonly settings: AuthSettings;
}

/** How long the shell lets the starter work before it hands the reader to the sign-in page anyway. */
export const STARTER_TIMEOUT_MS = 15_000;

export interface ShellInput {
  readonly baseUrl: string;
  readonly siteTitle: string;
  /** The `lang` of the page. */
  readonly lang: string;
  /** The site's favicon, relative to the base URL (without it the browser asks for a missing `/favicon.ico`). */
  readonly favicon: string;
  /** Without it, the shell only hands the reader to the sign-in page. */
  readonly starter?: SignInStarter;
}

export interface SignInShell {
  readonly html: string;
  /** The one inline script (the redirect to the sign-in page); its hash goes into the CSP. */
  readonly script: string;
}

/** The shell's colours: WCAG 2.1 AA (4.5:1) for text and links on their background, in both schemes. */
export const SHELL_COLOURS = {
  light: { background: '#ffffff', text: '#1c1e21', link: '#0b5cab' },
  dark: { background: '#1b1b1d', text: '#e3e3e3', link: '#8ab4f8' },
} as const;

export const SHELL_HEADING = 'Sign in required';
export const SHELL_MESSAGE = 'This page is for signed-in partners. You are being taken to sign in.';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/** A JS literal of `value` that cannot end the `<script>` element it sits in. */
export const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The shell's script. With a starter, it imports it and starts the sign-in from here; the sign-in page
 * takes over when the starter rejects (it found tokens to decide about, or something failed), cannot be
 * loaded, or has not left for the provider within `STARTER_TIMEOUT_MS`. Without one, it goes to the
 * sign-in page at once.
 */
function shellScript(signInPage: string, baseUrl: string, starter: SignInStarter | undefined): string {
  const toSignInPage =
    `var p=location.pathname+location.search+location.hash,` +
    `u=${scriptLiteral(`${signInPage}?${RETURN_TO_PARAM}=`)}+encodeURIComponent(p);` +
    'function f(){location.replace(u)}';
  if (!starter) return `(function(){${toSignInPage}f()})();`;
  return (
    `(function(){${toSignInPage}var t=setTimeout(f,${STARTER_TIMEOUT_MS});` +
    `import(${scriptLiteral(`${baseUrl}${starter.file}`)})` +
    `.then(function(m){return m.startSignIn(${scriptLiteral(starter.settings)},${scriptLiteral(baseUrl)},p)})` +
    '.catch(function(){clearTimeout(t);f()})})();'
  );
}

export function renderSignInShell({ baseUrl, siteTitle, lang, favicon, starter }: ShellInput): SignInShell {
  const signInPage = `${baseUrl}${SIGN_IN_PAGE_PATH}`;
  const script = shellScript(signInPage, baseUrl, starter);
  const { light, dark } = SHELL_COLOURS;
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${SHELL_HEADING} | ${siteTitle}`)}</title>
<link rel="icon" href="${escapeHtml(`${baseUrl}${favicon}`)}">
<style>
:root { color-scheme: light dark; }
body { margin: 0; background: ${light.background}; color: ${light.text}; font: 1.125rem/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, Cantarell, 'Noto Sans', sans-serif; }
main { box-sizing: border-box; max-width: 40rem; margin: 0 auto; padding: 4rem 1.5rem; }
h1 { margin: 0 0 1rem; font-size: 2rem; line-height: 1.25; }
a { color: ${light.link}; font-weight: 600; text-underline-offset: 0.2em; }
a:focus-visible { outline: 2px solid currentColor; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  body { background: ${dark.background}; color: ${dark.text}; }
  a { color: ${dark.link}; }
}
</style>
<script>${script}</script>
</head>
<body>
<main>
<h1>${escapeHtml(SHELL_HEADING)}</h1>
<p>${escapeHtml(SHELL_MESSAGE)}</p>
<p><a href="${escapeHtml(signInPage)}">Sign in</a></p>
</main>
</body>
</html>
`;
  return { html, script };
}
