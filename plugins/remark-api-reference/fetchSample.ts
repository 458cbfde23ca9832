/** The JavaScript sample of a request: `fetch` as in Node 20 and later (an ES module, top-level await). */
import { baseUrlOf, requestTarget, variableReferences, type HeaderValue, type SampleRequest } from './requestModel';
import { baseUrlVariable } from '../../contracts/facts';

const jsString = (value: string): string => JSON.stringify(value);
/** Text for inside a template literal. */
const jsTemplateText = (value: string): string => value.replace(/[`\\]|\$\{/g, '\\$&');
const jsKey = (name: string): string => (/^[A-Za-z]+$/.test(name) ? name : jsString(name));

function jsHeaderValue(value: HeaderValue): string {
  switch (value.kind) {
    case 'bearerToken':
      return '`Bearer ${process.env.ACCESS_TOKEN}`';
    case 'newUuid':
      return 'crypto.randomUUID()';
    case 'text':
      return jsString(value.text);
  }
}

export function fetchSample(request: SampleRequest): string {
  const { body } = request;
  const lines: string[] = [];
  if (body?.kind === 'multipart') {
    if (body.parts.some((part) => part.file)) lines.push("import fs from 'node:fs';", '');
    lines.push('const form = new FormData();');
    for (const part of body.parts) {
      lines.push(
        part.file
          ? `form.append(${jsString(part.name)}, await fs.openAsBlob(${jsString(part.value)}, { type: ${jsString(part.contentType ?? 'application/octet-stream')} }), ${jsString(part.value)});`
          : `form.append(${jsString(part.name)}, ${jsString(part.value)});`,
      );
    }
    lines.push('');
  }
  lines.push(`const baseUrl = process.env.${baseUrlVariable(baseUrlOf(request))} ?? ${jsString(baseUrlOf(request))};`);
  lines.push(`const response = await fetch(\`\${baseUrl}${jsTemplateText(requestTarget(request))}\`, {`);
  lines.push(`  method: ${jsString(request.method)},`);
  lines.push('  headers: {');
  for (const header of request.headers) lines.push(`    ${jsKey(header.name)}: ${jsHeaderValue(header.value)},`);
  lines.push('  },');
  if (body?.kind === 'multipart') lines.push('  body: form,');
  if (body?.kind === 'json') {
    lines.push(`  body: JSON.stringify(${JSON.stringify(body.value, null, 2).replace(/\n/g, '\n  ')}),`);
  }
  lines.push('});');
  lines.push('if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);');
  lines.push(
    request.response === 'binary'
      ? 'const content = await response.arrayBuffer();'
      : 'const result = await response.json();',
  );
  // A value from a variable is read from `process.env`, inside the template literal in the URL.
  return variableReferences(lines.join('\n'), {
    inString: (name) => `process.env.${name}`,
    inText: (name) => `\${process.env.${name}}`,
  });
}
