import { loadBundled } from '../../../openapi/descriptions';
import type { JsonObject } from '../../../openapi/document';
import { nameBasedUuid, postmanCollection, withFormExamplesOnFields, withStableIds } from '../postmanCollection';

interface FormPart {
  readonly key: string;
  readonly type: string;
  readonly value?: string;
}

interface PostmanItem {
  readonly name: string;
  readonly item?: readonly PostmanItem[];
  readonly request?: {
    readonly method: string;
    readonly url: { readonly path: readonly string[] };
    readonly body?: { readonly mode: string; readonly formdata?: readonly FormPart[] };
  };
}

function requestsOf(items: readonly PostmanItem[]): PostmanItem[] {
  return items.flatMap((item) => (item.item ? requestsOf(item.item) : [item]));
}

const accounts = loadBundled('accounts', { dereferenced: false });
const ADD_DOCUMENT = '/accounts/{accountNumber}/documents';
const addDocumentMedia = (description: JsonObject) =>
  ((((description.paths as JsonObject)[ADD_DOCUMENT] as JsonObject).post as JsonObject).requestBody as JsonObject)
    .content as Record<string, { schema: JsonObject; example: Record<string, unknown> }>;

describe('withFormExamplesOnFields', () => {
  const prepared = withFormExamplesOnFields(structuredClone(accounts));
  const media = addDocumentMedia(prepared)['multipart/form-data'];
  const fields = media.schema.properties as Record<string, JsonObject>;

  it("gives each part of a form body the media type's example as its own", () => {
    expect(fields.partyId.example).toBe(media.example.partyId);
    expect(fields.description.example).toBe(media.example.description);
    // A field that is a reference keeps it, with the example beside it.
    const schemas = (accounts.components as JsonObject).schemas as Record<string, JsonObject>;
    const documentType = (schemas.AddDocumentRequest.properties as JsonObject).documentType as JsonObject;
    expect(documentType.$ref).toBe('#/components/schemas/UploadDocumentType');
    expect(fields.documentType).toEqual({ allOf: [documentType], example: media.example.documentType });
  });

  it('marks a file part as binary, and changes no shared schema', () => {
    expect(fields.file.format).toBe('binary');
    expect(prepared.components).toEqual(accounts.components);
  });
});

describe('withStableIds', () => {
  interface Item {
    id: string;
    name?: string;
    item?: Item[];
  }
  const collection = (): { info: { name: string; _postman_id: string }; item: Item[] } => ({
    info: { name: 'Orders API', _postman_id: 'random-1' },
    item: [
      { id: 'random-2', item: [{ id: 'random-3' }] },
      { id: 'random-4', name: 'id' },
    ],
  });

  it('derives every id from the collection and its place, the same every time', () => {
    const first = withStableIds(collection()) as ReturnType<typeof collection>;
    const second = withStableIds(collection()) as ReturnType<typeof collection>;
    expect(second).toEqual(first);
    expect(first.item[0].id).toBe(nameBasedUuid('Orders API:item.0.id'));
    expect(first.info._postman_id).toBe(nameBasedUuid('Orders API:info._postman_id'));
    const ids = [first.info._postman_id, first.item[0].id, first.item[0].item![0].id, first.item[1].id];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A value that merely says "id" is left alone.
    expect(first.item[1].name).toBe('id');
  });
});

describe('postmanCollection', () => {
  let first: JsonObject;
  let second: JsonObject;
  beforeAll(async () => {
    [first, second] = await Promise.all([postmanCollection(accounts), postmanCollection(accounts)]);
  }, 60_000);

  it('is the same for the same description', () => {
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it("fills the upload's form from the description's example, with the file as a file part", () => {
    const example = addDocumentMedia(accounts)['multipart/form-data'].example;
    const upload = requestsOf(first.item as PostmanItem[]).find(
      (item) => item.request?.method === 'POST' && item.request.url.path.at(-1) === 'documents',
    )!;
    const parts = Object.fromEntries(upload.request!.body!.formdata!.map((part) => [part.key, part]));
    expect(parts.file).toMatchObject({ type: 'file' });
    expect(parts.file.value).toBeUndefined();
    for (const key of ['documentType', 'partyId', 'actionId', 'description']) {
      expect(parts[key]).toMatchObject({ type: 'text', value: example[key] });
    }
  });
});
