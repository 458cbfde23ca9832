/**
 * The return page's early code exchange (see src/auth/earlyFinish.ts): an inline script at the top of
 * `/login/callback`'s <head> imports the sign-in starter and exchanges the code while the site's
 * application downloads, leaving its outcome for LoginCallback. Added at postBuild, so only the gated
 * deployment has it; its hash reaches the Content-Security-Policy with the page's other inline scripts.
 */
import { CALLBACK_PATH, EARLY_FINISH_GLOBAL } from '../../contracts/auth/returnPage';
import { scriptLiteral, type SignInStarter } from './shell';

/** The return page's file in the build (the site builds directories with an index.html). */
export const CALLBACK_PAGE_FILE = `${CALLBACK_PATH}/index.html`;

/**
 * How long the page waits for the early exchange before it loads the site's application anyway, so that
 * LoginCallback's own time-out and error page are never out of reach.
 */
export const APPLICATION_FALLBACK_MS = 5_000;

/**
 * The script. It leaves the starter's `finishSignIn` outcome for LoginCallback (`not-started` when the
 * starter cannot be loaded) and loads the site's application (`appScripts`, in order) only when that
 * outcome is not a departure for the signed-in page, or after `APPLICATION_FALLBACK_MS`: on the usual
 * path the return page never spends time compiling an application it is about to leave.
 */
export function earlyFinishScript(baseUrl: string, starter: SignInStarter, appScripts: readonly string[]): string {
  return (
    '(function(){var a=false,l=false;' +
    'function app(){if(l)return;l=true;' +
    `${scriptLiteral(appScripts)}.forEach(function(s){var e=document.createElement("script");` +
    'e.src=s;e.async=false;document.head.appendChild(e)})}' +
    `var t=setTimeout(app,${APPLICATION_FALLBACK_MS});` +
    `var r=import(${scriptLiteral(`${baseUrl}${starter.file}`)}).then(function(m){` +
    `return m.finishSignIn(${scriptLiteral(starter.settings)},${scriptLiteral(baseUrl)},function(){return a})},` +
    'function(){return{outcome:"not-started"}});' +
    'r.then(function(o){if(o.outcome!=="leaving"){clearTimeout(t);app()}});' +
    `window[${scriptLiteral(EARLY_FINISH_GLOBAL)}]={abandon:function(){a=true},result:r}})();`
  );
}

/** Docusaurus's deferred application scripts, as its minified HTML writes them. */
const APPLICATION_SCRIPT = /<script src=("?)([^"\s>]+)\1 defer><\/script>/g;

/**
 * The return page with the script first in its <head> (right after the character set) and the
 * application's deferred scripts taken out of the markup: the script loads them when they are needed.
 */
export function withEarlyFinish(html: string, baseUrl: string, starter: SignInStarter): string {
  const appScripts = [...html.matchAll(APPLICATION_SCRIPT)].map((match) => match[2]);
  if (appScripts.length === 0) {
    throw new Error(
      `protected-content: ${CALLBACK_PAGE_FILE} has no deferred application scripts to hold back ` +
        '(has Docusaurus changed how it writes them? update plugins/protected-content/earlyFinish.ts)',
    );
  }
  const withoutApp = html.replace(APPLICATION_SCRIPT, '');
  const anchor = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i.exec(withoutApp) ?? /<head(\s[^>]*)?>/i.exec(withoutApp);
  if (!anchor) throw new Error(`protected-content: ${CALLBACK_PAGE_FILE} has no <head> for the early sign-in script`);
  const end = anchor.index + anchor[0].length;
  const script = earlyFinishScript(baseUrl, starter, appScripts);
  return `${withoutApp.slice(0, end)}<script>${script}</script>${withoutApp.slice(end)}`;
}
