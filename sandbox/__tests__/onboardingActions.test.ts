/**
 * The `ACTION_REQUIRED` path of the onboarding review, end to end over HTTP, as Sandbox test values
 * (docs/getting-started/sandbox.mdx) and the onboarding result's description say: open an application, read
 * the result, answer the required action with the documented call, and see the documented final status.
 */
import type { JsonObject } from '../../openapi/document';
import { key, multipart, requestExample, testClient, type TestClient } from './client';

const MINUTE = 60_000;

/** Opens an account from the `openAccount` request example `example`, with the primary owner's family name. */
async function open(client: TestClient, familyName: string, example = 'individual'): Promise<JsonObject> {
  const application = requestExample(client.sandbox, 'openAccount', example);
  delete application.accountNumber;
  const primary = (application.owners as JsonObject[]).find((owner) => owner.role === 'PRIMARY');
  if (primary) primary.familyName = familyName;
  const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
  expect(opened.status).toBe(202);
  return opened.body;
}

const result = async (client: TestClient, opened: JsonObject): Promise<JsonObject> =>
  (await client.send('GET', `/v1/onboarding/applications/${String(opened.applicationId)}`)).body;

const accountStatus = async (client: TestClient, opened: JsonObject): Promise<unknown> =>
  (await client.send('GET', `/v1/accounts/${String(opened.accountNumber)}`)).body.status;

const actions = (body: JsonObject): JsonObject[] => body.requiredActions as JsonObject[];

/** Uploads a document for the account, answering `action` when given. */
async function upload(client: TestClient, opened: JsonObject, documentType: string, action?: JsonObject) {
  const fields: Record<string, unknown> = { file: '%PDF-1.7 test', documentType };
  if (action) {
    fields.actionId = action.actionId;
    if (action.partyId) fields.partyId = action.partyId;
  }
  return client.send('POST', `/v1/accounts/${String(opened.accountNumber)}/documents`, multipart(fields));
}

describe('the onboarding test values that require an action', () => {
  it('Document: one GOVERNMENT_ID action; the upload with its actionId submits it, and the application is approved within seconds', async () => {
    const client = await testClient();
    const opened = await open(client, 'Document');
    client.tick(2000);
    const required = await result(client, opened);
    expect(required.status).toBe('ACTION_REQUIRED');
    expect(actions(required)).toEqual([
      expect.objectContaining({ type: 'DOCUMENT_REQUIRED', documentType: 'GOVERNMENT_ID', status: 'OPEN' }),
    ]);
    const [action] = actions(required);
    const unknown = await upload(client, opened, 'GOVERNMENT_ID', { actionId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.status, (unknown.body.error as JsonObject).code]).toEqual([404, 'NOT_FOUND']);

    const uploaded = await upload(client, opened, 'GOVERNMENT_ID', action);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.actionId).toBe(action.actionId);
    const submitted = await result(client, opened);
    expect([submitted.status, actions(submitted)[0].status]).toEqual(['PENDING', 'SUBMITTED']);
    expect(await accountStatus(client, opened)).toBe('PENDING');

    client.tick(2000);
    const approved = await result(client, opened);
    expect([approved.status, actions(approved)[0].status]).toEqual(['APPROVED', 'RESOLVED']);
    expect(approved.decidedAt).not.toBeNull();
    expect(approved.actionDueBy).toBeNull();
    expect(await accountStatus(client, opened)).toBe('ACTIVE');
    const again = await upload(client, opened, 'GOVERNMENT_ID', action);
    expect([again.status, (again.body.error as JsonObject).code]).toEqual([409, 'CONFLICT']);
    expect(client.invalid).toEqual([]);
  });

  it('Information: one action on legalAddress; only that correction is accepted on the PENDING account, and it is approved once RESOLVED', async () => {
    const client = await testClient();
    const opened = await open(client, 'Information');
    const addresses = `/v1/accounts/${String(opened.accountNumber)}/addresses`;
    const { legalAddress } = requestExample(client.sandbox, 'updateAccountAddresses', 'moveWithinUs');
    // Under review: every update is a conflict.
    expect((await client.send('PATCH', addresses, { body: { legalAddress } })).status).toBe(409);
    client.tick(2000);
    const required = await result(client, opened);
    expect(required.status).toBe('ACTION_REQUIRED');
    expect(actions(required)).toEqual([
      expect.objectContaining({ type: 'INFORMATION_REQUIRED', field: 'legalAddress', status: 'OPEN' }),
    ]);
    // A change no action asks for is refused.
    const mailing = requestExample(client.sandbox, 'updateAccountAddresses', 'jointOwnerMailing');
    expect((await client.send('PATCH', addresses, { body: mailing })).status).toBe(409);

    const corrected = await client.send('PATCH', addresses, { body: { legalAddress } });
    expect(corrected.status).toBe(200);
    const submitted = await result(client, opened);
    expect([submitted.status, actions(submitted)[0].status]).toEqual(['PENDING', 'SUBMITTED']);
    client.tick(2000);
    const approved = await result(client, opened);
    expect([approved.status, actions(approved)[0].status]).toEqual(['APPROVED', 'RESOLVED']);
    expect(await accountStatus(client, opened)).toBe('ACTIVE');
    expect(client.invalid).toEqual([]);
  });

  it('Expire: one DOCUMENT_REQUIRED action opens, and the application expires ten minutes later with ACTION_NOT_COMPLETED', async () => {
    const client = await testClient();
    const opened = await open(client, 'Expire');
    client.tick(2000);
    const required = await result(client, opened);
    expect(required.status).toBe('ACTION_REQUIRED');
    expect(actions(required)).toEqual([expect.objectContaining({ type: 'DOCUMENT_REQUIRED', status: 'OPEN' })]);
    const dueBy = Date.parse(String(required.actionDueBy));
    expect(dueBy - Date.parse(String(required.updatedAt))).toBe(10 * MINUTE);

    client.tick(9 * MINUTE);
    expect((await result(client, opened)).status).toBe('ACTION_REQUIRED');
    client.tick(MINUTE);
    const expired = await result(client, opened);
    expect(expired.status).toBe('REJECTED');
    expect((expired.rejectionReason as JsonObject).code).toBe('ACTION_NOT_COMPLETED');
    expect(expired.decidedAt).toBe(new Date(dueBy).toISOString().replace('.000Z', 'Z'));
    expect(actions(expired)[0].status).toBe('OPEN');
    expect(await accountStatus(client, opened)).toBe('CLOSED');
    expect(client.invalid).toEqual([]);
  });
});

describe('the account types that always stop at ACTION_REQUIRED until documents arrive', () => {
  // openAccount's description: W8BEN and GOVERNMENT_ID for foreign owners, COURT_ORDER for GUARDIAN,
  // ARTICLES_OF_ORGANIZATION for LLC and non-profit accounts, TRUST_CERTIFICATION for trusts (and a W8BEN for TRUST_NON_US).
  it.each([
    ['individualForeign', ['GOVERNMENT_ID', 'W8BEN']],
    ['individualJointForeign', ['GOVERNMENT_ID', 'GOVERNMENT_ID', 'W8BEN', 'W8BEN']],
    ['guardian', ['COURT_ORDER']],
    ['llcC', ['ARTICLES_OF_ORGANIZATION']],
    ['llcS', ['ARTICLES_OF_ORGANIZATION']],
    ['nonProfit', ['ARTICLES_OF_ORGANIZATION']],
    ['trustUs', ['TRUST_CERTIFICATION']],
    ['trustNonUs', ['TRUST_CERTIFICATION', 'W8BEN']],
  ])('%s asks for %j, and is approved once they are uploaded', async (example, documentTypes) => {
    const client = await testClient();
    const application = requestExample(client.sandbox, 'openAccount', example);
    const primary = (application.owners as JsonObject[]).find((owner) => owner.role === 'PRIMARY');
    const opened = await open(client, String(primary?.familyName ?? 'Rivera'), example);
    client.tick(2000);
    const required = await result(client, opened);
    expect(required.status).toBe('ACTION_REQUIRED');
    expect(
      actions(required)
        .map((action) => action.documentType)
        .sort(),
    ).toEqual(documentTypes);
    for (const action of actions(required)) {
      expect((await upload(client, opened, String(action.documentType), action)).status).toBe(201);
    }
    client.tick(2000);
    expect((await result(client, opened)).status).toBe('APPROVED');
    expect(await accountStatus(client, opened)).toBe('ACTIVE');
    expect(client.invalid).toEqual([]);
  });

  it('counts a document uploaded before the review decides (the guide: upload right after you submit)', async () => {
    const client = await testClient();
    const opened = await open(client, 'Rivera', 'llcC');
    expect((await upload(client, opened, 'ARTICLES_OF_ORGANIZATION')).status).toBe(201);
    client.tick(4000);
    const approved = await result(client, opened);
    expect(approved.status).toBe('APPROVED');
    expect(actions(approved).map((action) => action.status)).toEqual(['RESOLVED']);
  });

  it('leaves the other account types approved within seconds', async () => {
    const client = await testClient();
    const opened = await open(client, 'Rivera', 'jointWROS');
    client.tick(2000);
    expect((await result(client, opened)).status).toBe('APPROVED');
  });
});
