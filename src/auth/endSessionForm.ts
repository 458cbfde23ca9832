/**
 * Leaves for the provider's end-session endpoint with a POST form (RP-Initiated Logout 1.0 §2 lets
 * the parameters go in a form body). The ID token sent as `id_token_hint` is the credential the gate
 * accepts: in a URL it would stay in browser history and in the provider's access log.
 */
export function postEndSessionForm(action: string, fields: Readonly<Record<string, string>>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
