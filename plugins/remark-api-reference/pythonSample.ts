/** The Python sample of a request, with the `requests` library. */
import type { JsonObject } from '../../openapi/document';
import type { HeaderValue, SampleRequest } from './requestModel';
import { baseUrlOf, requestTarget, variableReferences } from './requestModel';
import { baseUrlVariable } from '../../contracts/facts';

/** A JSON value as a Python literal (True/False/None instead of true/false/null). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, indent + 4)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as JsonObject);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)},`).join('\n')}\n${end}}`;
}

function pythonHeaderValue(value: HeaderValue): string {
  switch (value.kind) {
    case 'bearerToken':
      return `f"Bearer {os.environ['ACCESS_TOKEN']}"`;
    case 'newUuid':
      return 'str(uuid.uuid4())';
    case 'text':
      return JSON.stringify(value.text);
  }
}

export function pythonSample(request: SampleRequest): string {
  const { body } = request;
  const usesUuid = request.headers.some((header) => header.value.kind === 'newUuid');
  const lines = ['import os', ...(usesUuid ? ['import uuid'] : []), '', 'import requests', ''];
  // A path that reads a variable is an f-string: `f"/orders/{os.environ['ORDER_ID']}"`.
  const target = requestTarget(request).replace(/[{}]/g, '$&$&');
  const withVariables = variableReferences(target, {
    inString: (name) => name,
    inText: (name) => `{os.environ['${name}']}`,
  });
  const targetLiteral =
    withVariables === target ? JSON.stringify(requestTarget(request)) : `f${JSON.stringify(withVariables)}`;
  const args = [`    base_url + ${targetLiteral},`, '    headers={'];
  for (const header of request.headers) {
    args.push(`        ${JSON.stringify(header.name)}: ${pythonHeaderValue(header.value)},`);
  }
  args.push('    },');
  if (body?.kind === 'multipart') {
    const data = body.parts.filter((part) => !part.file);
    const files = body.parts.filter((part) => part.file);
    if (data.length > 0) {
      args.push(`    data=${pythonLiteral(Object.fromEntries(data.map((part) => [part.name, part.value])), 4)},`);
    }
    if (files.length > 0) {
      // (file name, file, media type): without the type, requests sends the part untyped.
      const opened = files.map(
        (part) =>
          `${JSON.stringify(part.name)}: (${JSON.stringify(part.value)}, open(${JSON.stringify(part.value)}, "rb"), ${JSON.stringify(part.contentType ?? 'application/octet-stream')})`,
      );
      args.push(`    files={${opened.join(', ')}},`);
    }
  }
  if (body?.kind === 'json') args.push(`    json=${pythonLiteral(body.value, 4)},`);
  args.push('    timeout=30,');
  lines.push(
    `base_url = os.environ.get(${JSON.stringify(baseUrlVariable(baseUrlOf(request)))}, ${JSON.stringify(baseUrlOf(request))})`,
    `response = requests.${request.method.toLowerCase()}(`,
    ...args,
    ')',
  );
  lines.push('response.raise_for_status()');
  lines.push(request.response === 'binary' ? 'content = response.content' : 'result = response.json()');
  // A body field from a variable: `os.environ["NAME"]`.
  return variableReferences(lines.join('\n'), {
    inString: (name) => `os.environ["${name}"]`,
    inText: (name) => `{os.environ["${name}"]}`,
  });
}
