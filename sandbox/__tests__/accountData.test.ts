/**
 * Account data over HTTP, as Get account, the update pages (docs/accounts-api/endpoints/update-account) and the
 * onboarding description say: Get account shows the owners and blocks sent with the new-account request; a
 * change that applies at once shows at once; a reviewed change shows nothing until its review is approved, and
 * then shows; and the fields that go to review are those of the update pages' tables.
 */
import type { JsonObject } from '../../openapi/document';
import { key, requestExample, testClient, type TestClient } from './client';

const REVIEW_MS = 2000;

async function open(client: TestClient, example = 'individual', edit?: (body: JsonObject) => void) {
  const application = requestExample(client.sandbox, 'openAccount', example);
  delete application.accountNumber;
  edit?.(application);
  const opened = await client.send('POST', '/v1/accounts', { body: application, headers: key() });
  expect(opened.status).toBe(202);
  client.tick(REVIEW_MS);
  return { accountNumber: String(opened.body.accountNumber), application };
}

const account = async (client: TestClient, accountNumber: string): Promise<JsonObject> => {
  const reply = await client.send('GET', `/v1/accounts/${accountNumber}`);
  expect(reply.status).toBe(200);
  return reply.body;
};

const owner = (body: JsonObject) => body.primaryOwner as JsonObject;
const parties = (body: JsonObject) => body.associatedParties as JsonObject[];

const patch = (client: TestClient, path: string, body: JsonObject) =>
  client.send('PATCH', `/v1/accounts/${path}`, { body, headers: key() });

describe('Get account', () => {
  it("shows the owner, the trusted contact and the blocks that were sent, not the example's", async () => {
    const client = await testClient();
    const { accountNumber } = await open(client, 'individual', (body) => {
      const primary = (body.owners as JsonObject[])[0];
      Object.assign(primary, { givenName: 'Amara', familyName: 'Okafor', email: 'amara.okafor@mail.example' });
      (primary.legalAddress as JsonObject).city = 'Peoria';
      (body.trustedContact as JsonObject).givenName = 'Chidi';
      (body.financialProfile as JsonObject).riskTolerance = 'LOW';
    });
    const body = await account(client, accountNumber);
    expect(owner(body)).toMatchObject({
      role: 'PRIMARY',
      givenName: 'Amara',
      familyName: 'Okafor',
      email: 'amara.okafor@mail.example',
      legalAddress: expect.objectContaining({ city: 'Peoria' }),
    });
    expect(owner(body)).not.toHaveProperty('taxId');
    expect(parties(body)).toEqual([expect.objectContaining({ role: 'TRUSTED_CONTACT', givenName: 'Chidi' })]);
    expect(body.trustedContact).toMatchObject({ givenName: 'Chidi' });
    expect(body.financialProfile).toMatchObject({ riskTolerance: 'LOW' });
    expect(client.invalid).toEqual([]);
  });

  it("shows a joint owner as an associated party, and an entity account's entity", async () => {
    const client = await testClient();
    const joint = await open(client, 'jointWROS');
    const sentJoint = (joint.application.owners as JsonObject[])[1];
    expect(parties(await account(client, joint.accountNumber))).toContainEqual(
      expect.objectContaining({ role: 'JOINT_OWNER', familyName: sentJoint.familyName }),
    );
    const llc = await open(client, 'llcC');
    const body = await account(client, llc.accountNumber);
    expect(body.entity).toMatchObject({ legalName: (llc.application.entity as JsonObject).legalName });
    expect(client.invalid).toEqual([]);
  });
});

describe('an update that applies at once', () => {
  it('shows in Get account at once: a legal address in the same country, a phone, a trusted contact', async () => {
    const client = await testClient();
    const { accountNumber } = await open(client);
    const address = requestExample(client.sandbox, 'updateAccountAddresses');
    const moved = await patch(client, `${accountNumber}/addresses`, address);
    expect(moved.status).toBe(200);
    expect(moved.body.legalAddress).toEqual(address.legalAddress);
    const phoned = await patch(client, `${accountNumber}/primary-owner`, { phone: '+15125550100' });
    expect([phoned.status, phoned.body.phone, phoned.body.familyName]).toEqual([200, '+15125550100', 'Rivera']);
    const body = await account(client, accountNumber);
    expect(owner(body)).toMatchObject({
      legalAddress: address.legalAddress,
      mailingAddress: null,
      phone: '+15125550100',
    });
    const contact = parties(body).find((party) => party.role === 'TRUSTED_CONTACT') as JsonObject;
    const renamed = await patch(client, `${accountNumber}/associated-parties/${String(contact.partyId)}`, {
      familyName: 'Romero',
    });
    expect(renamed.status).toBe(200);
    expect(parties(await account(client, accountNumber))).toContainEqual(
      expect.objectContaining({ partyId: contact.partyId, familyName: 'Romero' }),
    );
    expect(client.invalid).toEqual([]);
  });
});

describe('an update that goes to review', () => {
  it('leaves Get account as it was until the review is approved, then shows the change', async () => {
    const client = await testClient();
    const { accountNumber } = await open(client);
    const reviewed = await patch(client, `${accountNumber}/primary-owner`, { familyName: 'Nakamura' });
    expect(reviewed.status).toBe(202);
    expect(owner(await account(client, accountNumber)).familyName).toBe('Rivera');
    client.tick(REVIEW_MS);
    const result = await client.send('GET', `/v1/onboarding/applications/${String(reviewed.body.applicationId)}`);
    expect(result.body.status).toBe('APPROVED');
    expect(owner(await account(client, accountNumber)).familyName).toBe('Nakamura');

    const abroad = {
      legalAddress: {
        line1: '8 Rue Example',
        line2: null,
        city: 'Lyon',
        region: null,
        postalCode: '69002',
        country: 'FR',
      },
    };
    const moved = await patch(client, `${accountNumber}/addresses`, abroad);
    expect(moved.status).toBe(202);
    expect((owner(await account(client, accountNumber)).legalAddress as JsonObject).country).toBe('US');
    client.tick(REVIEW_MS);
    expect(owner(await account(client, accountNumber)).legalAddress).toEqual(abroad.legalAddress);
    expect(client.invalid).toEqual([]);
  });
});

describe('the fields that go to review, as the update pages list them', () => {
  const statusOf = async (client: TestClient, path: string, body: JsonObject) =>
    (await patch(client, path, body)).status;

  it('primary owner: a tax ID, an affiliation answer that turns true, an entity legal name; not a DBA name', async () => {
    const client = await testClient();
    const { accountNumber } = await open(client);
    const path = `${accountNumber}/primary-owner`;
    expect(await statusOf(client, path, { taxId: '123-45-6780', taxIdType: 'SSN' })).toBe(202);
    client.tick(REVIEW_MS);
    const affiliation = {
      isAffiliatedWithBrokerDealer: true,
      firmName: 'Example Securities LLC',
      isControlPersonOfPublicCompany: false,
      companySymbols: [],
      isPoliticallyExposed: false,
    };
    expect(await statusOf(client, path, { affiliation })).toBe(202);
    client.tick(REVIEW_MS);
    // The same answers again change nothing to true: applied at once.
    expect(await statusOf(client, path, { affiliation })).toBe(200);
    const business = await open(client, 'soleProprietor');
    const entityPath = `${business.accountNumber}/primary-owner`;
    expect(await statusOf(client, entityPath, { entity: { dbaName: 'Example Bikes' } })).toBe(200);
    expect(await statusOf(client, entityPath, { entity: { legalName: 'Example Bikes LLC' } })).toBe(202);
    expect(client.invalid).toEqual([]);
  });

  it('addresses: a legal address in another country, whichever; not a move within a country outside the US', async () => {
    const client = await testClient();
    const { accountNumber } = await open(client);
    const path = `${accountNumber}/addresses`;
    const lyon = {
      line1: '8 Rue Example',
      line2: null,
      city: 'Lyon',
      region: null,
      postalCode: '69002',
      country: 'FR',
    };
    expect(await statusOf(client, path, { legalAddress: lyon })).toBe(202);
    client.tick(REVIEW_MS);
    expect(await statusOf(client, path, { legalAddress: { ...lyon, city: 'Paris', postalCode: '75002' } })).toBe(200);
    const austin = {
      line1: '1 Main Street',
      line2: null,
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
    };
    expect(await statusOf(client, path, { legalAddress: austin })).toBe(202);
    expect(client.invalid).toEqual([]);
  });

  it("associated parties: a beneficiary's date of birth and name apply at once; a joint owner's name is reviewed", async () => {
    const client = await testClient();
    const ira = await open(client, 'iraTraditional');
    const beneficiary = parties(await account(client, ira.accountNumber)).find(
      (party) => party.role === 'BENEFICIARY',
    ) as JsonObject;
    const path = `${ira.accountNumber}/associated-parties/${String(beneficiary.partyId)}`;
    expect(await statusOf(client, path, { dateOfBirth: '2001-05-06' })).toBe(200);
    expect(await statusOf(client, path, { givenName: 'Mat' })).toBe(200);
    const joint = await open(client, 'jointWROS');
    const jointOwner = parties(await account(client, joint.accountNumber)).find(
      (party) => party.role === 'JOINT_OWNER',
    ) as JsonObject;
    const jointPath = `${joint.accountNumber}/associated-parties/${String(jointOwner.partyId)}`;
    expect(await statusOf(client, jointPath, { familyName: 'Lin-Park' })).toBe(202);
    expect(await statusOf(client, jointPath, { isControlPerson: true })).toBe(409);
  });
});
