/** The curl sample of a request: one option per line, ready to paste into a shell. */
import { baseUrlOf, requestTarget, variableReferences, type HeaderValue, type SampleRequest } from './requestModel';
import { baseUrlVariable } from '../../contracts/facts';

/** The shell command substitution that prints a new UUID. */
export const NEW_KEY_COMMAND = `$(node -p 'crypto.randomUUID()')`;

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;
/** Text for inside double quotes, where `$`, `` ` ``, `\\` and `"` would otherwise be read by the shell. */
const shellEscape = (value: string): string => value.replace(/["\\`$]/g, '\\$&');

/**
 * A header in double quotes, so that `$ACCESS_TOKEN` and the new key expand. The key comes from Node.js
 * (`crypto.randomUUID()`), which the quick start lists, rather than `uuidgen`, which many systems lack.
 */
function shellHeader(name: string, value: HeaderValue): string {
  switch (value.kind) {
    case 'bearerToken':
      return `"${name}: Bearer $ACCESS_TOKEN"`;
    case 'newUuid':
      return `"${name}: ${NEW_KEY_COMMAND}"`;
    case 'text':
      return `"${name}: ${shellEscape(value.text)}"`;
  }
}

/** The URL in double quotes: the base URL from `$BASE_URL`, the server's when it is unset. */
const shellUrl = (request: SampleRequest): string =>
  `"\${${baseUrlVariable(baseUrlOf(request))}:-${baseUrlOf(request)}}${shellEscape(requestTarget(request))}"`;

/** Where a curl sample that saves variables keeps the response it reads them from. */
export const SAVED_RESPONSE_FILE = 'response.json';

/**
 * The JavaScript that reads a saved field from the parsed response: a top-level field (`orderId`), a nested one
 * (`account.accountNumber`), or a field of the list entry whose field has a value
 * (`associatedParties[role:TRUSTED_CONTACT].partyId`, the trusted contact's `partyId`).
 */
export function savedFieldReader(field: string): string {
  const member = (name: string) => (/^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);
  return field
    .split('.')
    .map((part) => {
      const entry = /^(\w+)\[(\w+):([\w-]+)\]$/.exec(part);
      if (!entry) return member(part);
      const [, list, key, value] = entry;
      return `${member(list)}.find((entry) => entry${member(key)} === ${JSON.stringify(value)})`;
    })
    .join('');
}

/** The command that sets a variable from a field of the saved response (Node.js, as for the keys). */
const saveCommand = (variable: string, field: string): string =>
  `export ${variable}=$(node -p 'JSON.parse(require("fs").readFileSync("${SAVED_RESPONSE_FILE}", "utf8"))${savedFieldReader(field)}')`;

/**
 * The curl sample. A value read from a variable is `${NAME}` in the URL and `"'"$NAME"'"` in the single-quoted
 * body (the quote closes, the variable expands in double quotes, the quote opens again). A sample that saves
 * variables prints the response and keeps it in `response.json`, then sets each variable from it.
 */
export function curlSample(request: SampleRequest): string {
  const saves = Object.entries(request.save);
  const silent = saves.length > 0 ? '--silent --show-error ' : '';
  const lines = [`curl ${silent}--request ${request.method} ${shellUrl(request)}`];
  for (const header of request.headers) lines.push(`--header ${shellHeader(header.name, header.value)}`);
  if (request.body?.kind === 'multipart') {
    for (const part of request.body.parts) {
      lines.push(`--form ${shellQuote(`${part.name}=${part.file ? '@' : ''}${part.value}`)}`);
    }
  } else if (request.body?.kind === 'json') {
    lines.push(`--data ${shellQuote(JSON.stringify(request.body.value, null, 2))}`);
  }
  const command = lines.join(' \\\n  ');
  const saving =
    saves.length === 0 ? '' : ` | tee ${SAVED_RESPONSE_FILE}\n${saves.map(([v, f]) => saveCommand(v, f)).join('\n')}`;
  return variableReferences(`${command}${saving}`, {
    inString: (name) => `"'"$${name}"'"`,
    inText: (name) => `\${${name}}`,
  });
}
