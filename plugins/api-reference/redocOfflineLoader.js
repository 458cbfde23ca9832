/**
 * Redoc's side menu shows a logo from https://cdn.redoc.ly. The site must work offline and must not
 * call third parties from a gated page, so the bundle gets an inline image instead (the
 * "API docs by Redocly" credit stays).
 */
const REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const INLINE_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23d44a26'/%3E%3C/svg%3E";

module.exports = function redocOfflineLoader(source) {
  if (!source.includes(REMOTE_LOGO)) {
    this.emitWarning(new Error(`redocOfflineLoader: ${REMOTE_LOGO} not found; Redoc changed, check the menu logo`));
    return source;
  }
  return source.split(REMOTE_LOGO).join(INLINE_LOGO);
};
