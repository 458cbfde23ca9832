// HTML pages of the development identity provider. Plain template strings; every
// dynamic value goes through escapeHtml. Colours keep at least 4.5:1 contrast.

const STYLES = `
  :root { color-scheme: light dark; --page: #f3f4f6; --text: #111827; --card: #ffffff; --line: #d1d5db;
    --field: #4b5563; --note: #374151; --link: #1d4ed8; --on-link: #ffffff; --focus: #b45309;
    --error: #991b1b; --error-bg: #fef2f2; }
  @media (prefers-color-scheme: dark) {
    :root { --page: #111827; --text: #f3f4f6; --card: #1f2937; --line: #4b5563; --field: #9ca3af;
      --note: #d1d5db; --link: #93c5fd; --on-link: #111827; --focus: #fbbf24; --error: #fca5a5;
      --error-bg: #450a0a; }
  }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    background: var(--page); color: var(--text); line-height: 1.5; }
  header { background: #1e3a8a; color: #ffffff; padding: 0.75rem 1.5rem; }
  header p { margin: 0; font-weight: 600; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem 2rem; background: var(--card);
    border: 1px solid var(--line); border-radius: 0.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input[type="text"], input[type="password"] { box-sizing: border-box; width: 100%;
    padding: 0.5rem; margin-top: 0.25rem; font-size: 1rem; color: var(--text); background: var(--card);
    border: 1px solid var(--field); border-radius: 0.25rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 0.25rem; cursor: pointer;
    border: 2px solid var(--link); }
  button.primary { background: var(--link); color: var(--on-link); }
  button.secondary { background: var(--card); color: var(--link); }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid var(--focus);
    outline-offset: 2px; }
  .error { color: var(--error); background: var(--error-bg); border: 1px solid var(--error);
    border-radius: 0.25rem; padding: 0.5rem 0.75rem; }
  .note { color: var(--note); }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--text); white-space: nowrap; }
  a { color: var(--link); }
  /* On a phone the card uses the width it has, and each demo user is a block of named lines, not a wide row. */
  @media (max-width: 30rem) {
    main { margin: 1rem 0.75rem; padding: 1.25rem 1rem; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tr { display: block; padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
    td { display: block; padding: 0.125rem 0; border: 0; }
    td::before { content: attr(data-label) ": "; font-weight: 600; }
  }
`;

/** Escapes text for use in HTML content and double-quoted attribute values. */
function escapeHtml(value) {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout({ title, body, head = '' }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <link rel="icon" href="data:,">
  <title>${escapeHtml(title)} | Development identity provider</title>
  <style>${STYLES}</style>
  ${head}
</head>
<body>
  <header><p>Development identity provider (not for production)</p></header>
  <main>
${body}
  </main>
</body>
</html>`;
}

function demoUsersTable(users) {
  const rows = users
    .map(
      (user) =>
        `<tr><td data-label="Username"><code>${escapeHtml(user.username)}</code></td><td data-label="Password"><code>${escapeHtml(user.password)}</code></td><td data-label="Name">${escapeHtml(`${user.givenName} ${user.familyName}`)}</td></tr>`,
    )
    .join('\n        ');
  return `
    <h2 id="demo-users">Demo users</h2>
    <table aria-labelledby="demo-users">
      <thead><tr><th scope="col">Username</th><th scope="col">Password</th><th scope="col">Name</th></tr></thead>
      <tbody>
        ${rows}
      </tbody>
    </table>`;
}

/**
 * The sign-in form. `error` re-shows the form with a message tied to the fields;
 * Cancel posts to the abort route without validating the fields.
 */
export function loginPage({ uid, clientId, users, username = '', error }) {
  const errorId = 'sign-in-error';
  const describedBy = error ? ` aria-describedby="${errorId}" aria-invalid="true"` : '';
  const errorBlock = error ? `<p id="${errorId}" class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return layout({
    title: error ? 'Error: Development sign-in' : 'Development sign-in',
    body: `
    <h1>Development sign-in</h1>
    <p class="note">Signing in to <strong>${escapeHtml(clientId)}</strong>. This provider is for local development and tests only; use one of the demo users below.</p>
    ${errorBlock}
    <form method="post" action="${action}/login">
      <label for="username">Username</label>
      <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${describedBy}${error ? '' : ' autofocus'}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${error ? ' autofocus' : ''}>
      <div class="actions">
        <button type="submit" class="primary">Sign in</button>
        <button type="submit" class="secondary" formaction="${action}/abort" formnovalidate>Cancel</button>
      </div>
    </form>
    ${demoUsersTable(users)}`,
  });
}

// Submits oidc-provider's logout form at once, so signing out needs no extra click.
const AUTO_SUBMIT_SCRIPT = "document.getElementById('op.logoutForm').submit();";

/**
 * Wraps oidc-provider's logout confirmation form (`form` carries the xsrf field).
 * `logout=yes` ends the whole provider session, not only this client's part.
 */
export function logoutPage({ form }) {
  const fields = `<input type="hidden" name="logout" value="yes"/>
      <noscript><p>JavaScript is off: press the button to finish signing out.</p><button type="submit" class="primary">Sign out</button></noscript>`;
  const completedForm = form.replace('</form>', `${fields}</form>`);
  return layout({
    title: 'Signing out',
    body: `
    <h1>Signing out</h1>
    <p class="note" role="status">Signing you out of the development identity provider…</p>
    ${completedForm}
    <script>${AUTO_SUBMIT_SCRIPT}</script>`,
  });
}

/** Shown after a logout that had no post_logout_redirect_uri. */
export function postLogoutPage({ siteUrl }) {
  return layout({
    title: 'Signed out',
    body: `
    <h1>Signed out</h1>
    <p>You are signed out of the development identity provider.</p>
    <p><a href="${escapeHtml(siteUrl)}">Back to the documentation site</a></p>`,
  });
}

/** Error page for requests that cannot be sent back to the client. */
export function errorPage({ error, description }) {
  return layout({
    title: 'Sign-in error',
    body: `
    <h1>Something went wrong</h1>
    <p class="error" role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>
    <p class="note">Go back to the documentation site and start signing in again.</p>`,
  });
}
