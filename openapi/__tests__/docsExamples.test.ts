import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { docsFiles, readPage } from '../../tests/content/docsPages';
import { API_NAMES, loadDereferenced, resolvePointer, type ApiName, type JsonObject } from '../descriptions';

/**
 * A JSON code block in the docs claims a schema with `schema="<api>#<JSON pointer>"` in its meta,
 * e.g. ```json title="Request body" schema="onboarding#/components/schemas/NewAccountRequest"
 * Every such example must validate against that schema, so the written docs cannot drift from the
 * API descriptions.
 */
const CLAIM = /\bschema="([a-z]+)#([^"]+)"/;

interface Claim {
  readonly where: string;
  readonly api: ApiName;
  readonly pointer: string;
  readonly source: string;
}

const claims: Claim[] = docsFiles()
  .map(readPage)
  .flatMap((page) =>
    page.codeBlocks.flatMap((block) => {
      const claim = block.lang === 'json' ? CLAIM.exec(block.meta) : null;
      return claim
        ? [{ where: `${page.file}:${block.line}`, api: claim[1] as ApiName, pointer: claim[2], source: block.code }]
        : [];
    }),
  );

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
      const schema = resolvePointer(describedBy(claim.api), claim.pointer) as JsonObject | undefined;
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
