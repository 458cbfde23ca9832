/** The curl sample of a request: one option per line, ready to paste into a shell. */
import { requestUrl, type HeaderValue, type SampleRequest } from './requestModel';

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** A header in double quotes, so that `$ACCESS_TOKEN` and `$(uuidgen)` expand. */
function shellHeader(name: string, value: HeaderValue): string {
  switch (value.kind) {
    case 'bearerToken':
      return `"${name}: Bearer $ACCESS_TOKEN"`;
    case 'newUuid':
      return `"${name}: $(uuidgen)"`;
    case 'text':
      return `"${name}: ${value.text.replace(/["\\`$]/g, '\\$&')}"`;
  }
}

export function curlSample(request: SampleRequest): string {
  const lines = [`curl --request ${request.method} ${shellQuote(requestUrl(request))}`];
  for (const header of request.headers) lines.push(`--header ${shellHeader(header.name, header.value)}`);
  if (request.body?.kind === 'multipart') {
    for (const part of request.body.parts) {
      lines.push(`--form ${shellQuote(`${part.name}=${part.file ? '@' : ''}${part.value}`)}`);
    }
  } else if (request.body?.kind === 'json') {
    lines.push(`--data ${shellQuote(JSON.stringify(request.body.value, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}
