/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { API_NAMES, loadDereferenced, type ApiName, type JsonObject } from '../descriptions';

/**
 * A JSON code block in the docs claims a schema with `schema="<api>#<JSON pointer>"` in its meta,
 * e.g. ```json title="Request body" schema="onboarding#/components/schemas/NewAccountRequest"
 * Every such example must validate against that schema, so the written docs cannot drift from the
 * API descriptions.
 */
const DOCS = path.join(__dirname, '..', '..', 'docs');
const FENCE = /^```json([^\n]*)\n([\s\S]*?)^```$/gm;
const CLAIM = /\bschema="([a-z]+)#([^"]+)"/;

interface Claim {
  readonly where: string;
  readonly api: ApiName;
  readonly pointer: string;
  readonly source: string;
}

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const claims: Claim[] = mdxFiles(DOCS).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(FENCE)].flatMap((match) => {
    const claim = CLAIM.exec(match[1]);
    if (!claim) return [];
    const line = text.slice(0, match.index).split('\n').length;
    return [
      {
        where: `${path.relative(DOCS, file)}:${line}`,
        api: claim[1] as ApiName,
        pointer: claim[2],
        source: match[2],
      },
    ];
  });
});

function resolvePointer(document: JsonObject, pointer: string): JsonObject | undefined {
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], document) as JsonObject | undefined;
}

describe('JSON examples in the docs that name a schema', () => {
  const descriptions = new Map<ApiName, JsonObject>();
  const describedBy = (api: ApiName) => {
    if (!descriptions.has(api)) descriptions.set(api, loadDereferenced(api));
    return descriptions.get(api) as JsonObject;
  };

  it('exist', () => {
    expect(claims.length).toBeGreaterThanOrEqual(100);
  });

  it('name a description and a schema that exist', () => {
    const unknown = claims
      .filter((claim) => !API_NAMES.includes(claim.api) || !resolvePointer(describedBy(claim.api), claim.pointer))
      .map((claim) => `${claim.where}: ${claim.api}#${claim.pointer}`);
    expect(unknown).toEqual([]);
  });

  it('validate against that schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const invalid = claims.flatMap((claim) => {
      const schema = resolvePointer(describedBy(claim.api), claim.pointer);
      if (!schema) return [];
      let value: unknown;
      try {
        value = JSON.parse(claim.source);
      } catch (error) {
        return [`${claim.where}: not JSON (${(error as Error).message})`];
      }
      const validate = ajv.compile(schema);
      return validate(value) ? [] : [`${claim.where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });
});
