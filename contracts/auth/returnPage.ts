/**
 * The sign-in return page, as the browser and the build both name it: the browser sends the provider's answer
 * there (src/auth/authEngine.ts) and recognises it (src/auth/protectedPaths.ts); the build adds the early code
 * exchange to its file (plugins/protected-content/earlyFinish.ts), which leaves its hand-off under a global that
 * LoginCallback reads (src/auth/earlyFinish.ts).
 */

/** The sign-in return page, relative to the base URL (its route is src/pages/login/callback.tsx). */
export const CALLBACK_PATH = 'login/callback';

/** The global the return page's inline script leaves its hand-off under. */
export const EARLY_FINISH_GLOBAL = '__docsEarlySignIn';
