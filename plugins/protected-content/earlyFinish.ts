/**
 * The return page's early code exchange (see src/auth/earlyFinish.ts): an inline script at the top of
 * `/login/callback`'s <head> imports the sign-in starter and exchanges the code while the site's
 * application downloads, leaving its outcome for LoginCallback. Added at postBuild, so only the gated
 * deployment has it; its hash reaches the Content-Security-Policy with the page's other inline scripts.
 */
import { CALLBACK_PATH } from '../../src/auth/protectedPaths';
import { EARLY_FINISH_GLOBAL } from '../../src/auth/earlyFinish';
import { scriptLiteral, type SignInStarter } from './shell';

/** The return page's file in the build (the site builds directories with an index.html). */
export const CALLBACK_PAGE_FILE = `${CALLBACK_PATH}/index.html`;

/** The script: the starter's `finishSignIn`, or `not-started` when the starter cannot be loaded. */
export function earlyFinishScript(baseUrl: string, starter: SignInStarter): string {
  return (
    '(function(){var a=false;' +
    `window[${scriptLiteral(EARLY_FINISH_GLOBAL)}]={abandon:function(){a=true},` +
    `result:import(${scriptLiteral(`${baseUrl}${starter.file}`)}).then(function(m){` +
    `return m.finishSignIn(${scriptLiteral(starter.settings)},${scriptLiteral(baseUrl)},function(){return a})},` +
    'function(){return{outcome:"not-started"}})}})();'
  );
}

/** The return page with the script first in its <head>, right after the character set. */
export function withEarlyFinish(html: string, script: string): string {
  const anchor = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i.exec(html) ?? /<head(\s[^>]*)?>/i.exec(html);
  if (!anchor) throw new Error(`protected-content: ${CALLBACK_PAGE_FILE} has no <head> for the early sign-in script`);
  const end = anchor.index + anchor[0].length;
  return `${html.slice(0, end)}<script>${script}</script>${html.slice(end)}`;
}
