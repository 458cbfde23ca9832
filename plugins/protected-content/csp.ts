/**
 * The Content-Security-Policy the server sends with every response: scripts only from the site and
 * the inline scripts the build itself wrote (by hash), no `eval`.
 */
import { createHash } from 'node:crypto';
import { LOCAL_SANDBOX_SOURCES, isLoopbackUrl } from '../../contracts/net/loopback';

/** A CSP source for an inline script: its SHA-256, base64. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export interface PolicyInput {
  /** The text of every inline script the site's pages (and the sign-in shell) run. */
  readonly inlineScripts: Iterable<string>;
  /** The identity provider's issuer URL. */
  readonly issuer: string;
  /** The site's address (SITE_URL): a site built to run on this computer may also reach a sandbox here. */
  readonly siteUrl: string;
}

/**
 * The policy, one directive after another, in a stable order (the hashes sorted). Decided by the build alone,
 * never by a request: a deployed site may connect to its own origin and the provider only, however a balancer
 * rewrites the `Host` it is asked with.
 */
export function contentSecurityPolicy({ inlineScripts, issuer, siteUrl }: PolicyInput): string {
  const provider = new URL(issuer).origin;
  // A site built to run on this computer (`npm start`, `npm run serve`, the browser tests) may reach `npm run
  // sandbox` at the hosts the Try it panel accepts for it.
  const localSandbox = isLoopbackUrl(siteUrl) ? LOCAL_SANDBOX_SOURCES : [];
  const hashes = [...new Set([...inlineScripts].map(scriptHashSource))].sort();
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Docusaurus's inline scripts (colour mode, base-URL banner) and the shell's redirect, by hash.
    ['script-src', "'self'", ...hashes],
    // Redoc (styled-components) and Mermaid's SVGs insert <style> elements and style attributes at
    // run time; hashes cannot cover style attributes.
    ['style-src', "'self'", "'unsafe-inline'"],
    // Redoc's menu logo is a data: image (plugins/api-reference/redocOfflineLoader.js).
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'", 'data:'],
    // The sign-in SDK talks to the provider (discovery, keys, token, user info, revocation); on loopback the
    // Try it panel talks to the local sandbox too.
    ['connect-src', "'self'", provider, ...localSandbox],
    // The SDK's silent renewal may load the provider in a hidden iframe.
    ['frame-src', provider],
    // The navbar search's worker is a file of the site. Redoc's own search would build its worker from a
    // Blob (it would need `blob:`), but it is off (`disableSearch` in src/components/ApiReference/RedocView.tsx).
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    // Sign-out posts its end-session form to the provider (the ID token must not go in a URL).
    ['form-action', "'self'", provider],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
