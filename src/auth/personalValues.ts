/**
 * Personal values: the signed-in developer's sandbox client id, read from a claim of the ID token
 * or userinfo (its name is the OIDC_SANDBOX_CLIENT_ID_CLAIM setting), shown in the docs' request samples and
 * prefilled in the Try it panel in place of the `$CLIENT_ID` placeholder. Only a client id: never a secret.
 */

import { CLIENT_ID } from './sandboxClientIdPattern';

/** Each way the samples name the client id, with what replaces it (a literal in the sample's language). */
const PLACEHOLDERS: readonly { readonly pattern: RegExp; readonly literal: (id: string) => string }[] = [
  // JavaScript, inside a template literal: `${process.env.CLIENT_ID}:…`.
  { pattern: /\$\{process\.env\.CLIENT_ID\}/g, literal: (id) => id },
  { pattern: /\bprocess\.env\.CLIENT_ID\b/g, literal: (id) => `'${id}'` },
  // Python.
  { pattern: /\bos\.environ\[["']CLIENT_ID["']\]/g, literal: (id) => `"${id}"` },
  // Shell: `$CLIENT_ID` or `${CLIENT_ID}`.
  { pattern: /\$\{CLIENT_ID\}|\$CLIENT_ID\b/g, literal: (id) => id },
];

/** The sample with the client id in place of its placeholders; unchanged without one. */
export function personalizedSample(code: string, clientId: string | undefined): string {
  if (clientId === undefined || !CLIENT_ID.test(clientId)) return code;
  return PLACEHOLDERS.reduce((text, { pattern, literal }) => text.replace(pattern, literal(clientId)), code);
}
