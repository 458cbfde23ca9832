/**
 * @jest-environment node
 *
 * The account types' rules that the descriptions state as data, applied at once with `422
 * BUSINESS_RULE_VIOLATION`: the owners' `x-business-rules` (a custodian at least 18, community property owners
 * `MARRIED`) and the forms' `x-document-fits` (a `W8BEN` only for foreign individual accounts). The test client's
 * clock reads Monday 2 March 2026.
 */
import { loadDereferenced } from '../../openapi/descriptions';
import type { JsonObject } from '../../openapi/document';
import type { BusinessRule, DocumentFit } from '../../openapi/sandboxBehaviour';
import { key, requestExample, testClient, type TestClient } from './client';

const schemas = (loadDereferenced('onboarding').components as JsonObject).schemas as Record<string, JsonObject>;
const rule = (schema: string) => (schemas[schema]['x-business-rules'] as BusinessRule[])[0];

async function apply(client: TestClient, example: string, fields: (body: JsonObject) => void = () => {}) {
  const body = requestExample(client.sandbox, 'openAccount', example);
  delete body.accountNumber;
  fields(body);
  return client.send('POST', '/v1/accounts', { body, headers: key() });
}

async function activeAccount(client: TestClient, example: string): Promise<string> {
  const opened = await apply(client, example);
  expect(opened.status).toBe(202);
  client.tick(5000);
  const accountNumber = String(opened.body.accountNumber);
  expect((await client.send('GET', `/v1/accounts/${accountNumber}`)).body.status).toBe('ACTIVE');
  return accountNumber;
}

const owner = (body: JsonObject) => (body.owners as JsonObject[])[0];

describe('the owners of an account type', () => {
  it('a custodian must be 18 on the day of the application, as the Custodian schema states', async () => {
    const client = await testClient();
    const { minimumAge, message } = rule('Custodian');
    expect(minimumAge).toBe(18);
    const underage = await apply(client, 'custodial', (body) => {
      owner(body).dateOfBirth = '2008-03-03';
    });
    expect(underage.status).toBe(422);
    expect(underage.body.error).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message,
      details: [{ field: 'owners[0].dateOfBirth', issue: 'out_of_range' }],
    });
    const eighteen = await apply(client, 'custodial', (body) => {
      owner(body).dateOfBirth = '2008-03-02';
    });
    expect(eighteen.status).toBe(202);
    expect(client.invalid).toEqual([]);
  });

  it('a refused application uses no reserved number', async () => {
    const client = await testClient();
    const reserved = await client.send('POST', '/v1/account-numbers', {
      body: { accountType: 'CUSTODIAL' },
      headers: key(),
    });
    const accountNumber = String(reserved.body.accountNumber);
    const underage = await apply(client, 'custodial', (body) => {
      body.accountNumber = accountNumber;
      owner(body).dateOfBirth = '2015-01-01';
    });
    expect(underage.status).toBe(422);
    const valid = await apply(client, 'custodial', (body) => {
      body.accountNumber = accountNumber;
    });
    expect([valid.status, valid.body.accountNumber]).toEqual([202, accountNumber]);
  });

  it('a community property owner stays MARRIED: another maritalStatus is refused, and nothing changes', async () => {
    const client = await testClient();
    const { equals, message } = rule('JointCommunityPropertyOwner');
    expect(equals).toBe('MARRIED');
    const accountNumber = await activeAccount(client, 'jointCP');
    const single = await client.send('PATCH', `/v1/accounts/${accountNumber}/primary-owner`, {
      body: { maritalStatus: 'SINGLE' },
    });
    expect(single.status).toBe(422);
    expect(single.body.error).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message,
      details: [{ field: 'maritalStatus', issue: 'invalid_value' }],
    });
    const account = await client.send('GET', `/v1/accounts/${accountNumber}`);
    expect((account.body.primaryOwner as JsonObject).maritalStatus).toBe('MARRIED');
    // The same update on an individual account is no breach.
    const individual = await activeAccount(client, 'individual');
    const applied = await client.send('PATCH', `/v1/accounts/${individual}/primary-owner`, {
      body: { maritalStatus: 'SINGLE' },
    });
    expect(applied.status).toBe(200);
    expect(client.invalid).toEqual([]);
  });
});

describe('the forms Generate a document produces', () => {
  const fits = (
    (loadDereferenced('accounts').paths as JsonObject)['/accounts/{accountNumber}/documents/generate'] as JsonObject
  ).post as JsonObject;

  it('a W8BEN only for a foreign individual account, as x-document-fits states', async () => {
    const client = await testClient();
    const w8ben = (fits['x-document-fits'] as Record<string, DocumentFit>).W8BEN;
    expect(w8ben.accountTypes).toContain('INDIVIDUAL_FOREIGN');
    const us = await activeAccount(client, 'individual');
    const refused = await client.send('POST', `/v1/accounts/${us}/documents/generate`, {
      body: { documentType: 'W8BEN' },
      headers: key(),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', message: w8ben.message });
    const w9 = await client.send('POST', `/v1/accounts/${us}/documents/generate`, {
      body: { documentType: 'W9' },
      headers: key(),
    });
    expect(w9.status).toBe(201);
    const foreign = String((await apply(client, 'individualForeign')).body.accountNumber);
    const generated = await client.send('POST', `/v1/accounts/${foreign}/documents/generate`, {
      body: { documentType: 'W8BEN' },
      headers: key(),
    });
    expect(generated.status).toBe(201);
    expect(client.invalid).toEqual([]);
  });
});
