/**
 * The account data Get account returns, as the sandbox keeps it: built from the new-account request's blocks,
 * changed by the three account updates (Onboarding API). Which changes apply at once and which wait for a
 * compliance review follow the update pages (docs/accounts-api/endpoints/update-account) and the descriptions of
 * `updateAccountAddresses`, `updatePrimaryOwner` and `updateAssociatedParty`; a reviewed change is applied when
 * its review is approved, and never when it is rejected.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { unknownIdentifier } from '../identifiers';

/** What Get account shows of an account's parties and blocks. Parties keep every field sent, tax IDs included. */
export interface AccountProfile {
  primaryOwner: JsonObject | null;
  readonly associatedParties: JsonObject[];
  entity: JsonObject | null;
  financialProfile: JsonObject | null;
  trustedContact: JsonObject | null;
  electronicDelivery: JsonObject | null;
  /** When a change last applied; `null` until one has. */
  updatedAt: number | null;
}

/** A change as sent to an update operation, kept until it applies. */
export interface AccountChange {
  readonly operationId: string;
  readonly partyId: string | null;
  readonly body: JsonObject;
}

const objects = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);
const blockOf = (value: unknown): JsonObject | null => (isObject(value) ? structuredClone(value) : null);

/**
 * The profile of a new account from its request: the `PRIMARY` owner (or, without one, the first owner) as
 * primary owner; the other owners, the `associatedParties` and the trusted contact (role `TRUSTED_CONTACT`) as
 * associated parties, each with a new `partyId`; the `entity` and the account-level blocks as sent.
 */
export function profileOf(request: JsonObject, ids: () => string): AccountProfile {
  const owners: JsonObject[] = objects(request.owners).map((owner) => ({
    ...structuredClone(owner),
    partyId: ids(),
  }));
  const primary = owners.find((owner) => owner.role === 'PRIMARY') ?? owners[0] ?? null;
  const trustedContact = blockOf(request.trustedContact);
  const associatedParties = [
    ...owners.filter((owner) => owner !== primary),
    ...objects(request.associatedParties).map((party) => ({ ...structuredClone(party), partyId: ids() })),
    ...(trustedContact ? [{ ...structuredClone(trustedContact), role: 'TRUSTED_CONTACT', partyId: ids() }] : []),
  ];
  return {
    primaryOwner: primary,
    associatedParties,
    entity: blockOf(request.entity),
    financialProfile: blockOf(request.financialProfile),
    trustedContact,
    electronicDelivery: blockOf(request.electronicDelivery),
    updatedAt: null,
  };
}

/** The owners of the profile in request order, with their `partyId`s: whom onboarding actions name. */
export const ownersOf = (profile: AccountProfile): JsonObject[] =>
  [profile.primaryOwner, ...profile.associatedParties].filter(
    (party): party is JsonObject => party !== null && party.role !== 'TRUSTED_CONTACT',
  );

/** `party` with exactly the keys `keys`, `null` for those it lacks. */
export const project = (party: JsonObject, keys: readonly string[]): JsonObject =>
  Object.fromEntries(keys.map((key) => [key, party[key] ?? null]));

/** The party a change is for: `partyId` on the account (`404` otherwise), or the account holder without one. */
export function partyOf(profile: AccountProfile, accountNumber: string, partyId: string | null): JsonObject {
  if (partyId === null) {
    const holder = profile.entity ?? profile.primaryOwner;
    if (holder) return holder;
  }
  const party = [profile.primaryOwner, ...profile.associatedParties].find(
    (candidate) => candidate !== null && candidate.partyId === partyId,
  );
  if (!party) throw unknownIdentifier(`Party ${String(partyId)} of account ${accountNumber}`);
  return party;
}

const NAME_FIELDS = ['givenName', 'middleName', 'familyName'];
const TAX_FIELDS = ['taxId', 'taxIdType', 'taxIdCountry'];
const ENTITY_REVIEWED = ['legalName', 'taxId', 'trustType', 'taxExemptStatus'];

/** Whether an affiliation answer changes to `true` ("applied at once; reviewed when any answer changes to true"). */
function affiliationTurnsTrue(current: unknown, sent: unknown): boolean {
  if (!isObject(sent)) return false;
  const before = isObject(current) ? current : {};
  return Object.entries(sent).some(([answer, value]) => value === true && before[answer] !== true);
}

/**
 * Whether a change goes to compliance review, as the update pages' tables say: a legal address in another
 * country; an owner's name, date of birth, tax ID or citizenship; an affiliation answer that changes to `true`;
 * an entity's legal name, tax ID, trust type or tax-exempt status; and, for an associated party, what its
 * role's row says (a beneficiary's and a trusted contact's names, a beneficiary's date of birth and a tax ID
 * added to a beneficiary that has none apply at once; ownership percentages and the control person are reviewed).
 */
export function needsReview(change: AccountChange, profile: AccountProfile, accountNumber: string): boolean {
  const { operationId, body } = change;
  const has = (fields: readonly string[]) => fields.some((field) => field in body);
  if (operationId === 'updateAccountAddresses') {
    const party = partyOf(profile, accountNumber, change.partyId);
    const before = isObject(party.legalAddress) ? party.legalAddress.country : undefined;
    return isObject(body.legalAddress) && body.legalAddress.country !== before;
  }
  if (operationId === 'updatePrimaryOwner') {
    const owner = profile.primaryOwner ?? {};
    const entity = isObject(body.entity) ? body.entity : {};
    return (
      has([...NAME_FIELDS, 'dateOfBirth', ...TAX_FIELDS, 'citizenshipCountry']) ||
      affiliationTurnsTrue(owner.affiliation, body.affiliation) ||
      ENTITY_REVIEWED.some((field) => field in entity)
    );
  }
  const party = partyOf(profile, accountNumber, change.partyId);
  const role = String(party.role);
  const beneficiary = role === 'BENEFICIARY';
  const addsMissingTaxId = beneficiary && party.taxId == null && 'taxId' in body;
  return (
    (has(NAME_FIELDS) && !beneficiary && role !== 'TRUSTED_CONTACT') ||
    ('dateOfBirth' in body && !beneficiary) ||
    (has(TAX_FIELDS) && !addsMissingTaxId) ||
    'citizenshipCountry' in body ||
    has(['ownershipPercentage', 'isControlPerson']) ||
    affiliationTurnsTrue(party.affiliation, body.affiliation)
  );
}

/** Applies a change to the profile at `at`. */
export function applyChange(
  profile: AccountProfile,
  accountNumber: string,
  change: AccountChange,
  at: number,
  ids: () => string,
): void {
  const { operationId, body } = change;
  if (operationId === 'updateAccountAddresses') {
    const party = partyOf(profile, accountNumber, change.partyId);
    for (const block of ['legalAddress', 'mailingAddress']) if (block in body) party[block] = body[block];
  } else if (operationId === 'updatePrimaryOwner') {
    for (const [field, value] of Object.entries(body)) {
      if (field === 'entity' && isObject(value)) profile.entity = { ...(profile.entity ?? {}), ...value };
      else if (field === 'financialProfile' || field === 'electronicDelivery') profile[field] = blockOf(value);
      else if (field === 'trustedContact') replaceTrustedContact(profile, blockOf(value), ids);
      else if (profile.primaryOwner) profile.primaryOwner[field] = value;
    }
  } else {
    const party = partyOf(profile, accountNumber, change.partyId);
    Object.assign(party, structuredClone(body));
    // The account always has exactly one control person: the new one replaces the previous one.
    if (body.isControlPerson === true) {
      for (const other of profile.associatedParties)
        if (other !== party && other.isControlPerson) other.isControlPerson = false;
    }
  }
  profile.updatedAt = at;
}

/** A new trusted contact block, sent whole, and the associated party with role `TRUSTED_CONTACT` that shows it. */
function replaceTrustedContact(profile: AccountProfile, contact: JsonObject | null, ids: () => string): void {
  profile.trustedContact = contact;
  const index = profile.associatedParties.findIndex((party) => party.role === 'TRUSTED_CONTACT');
  const partyId = index >= 0 ? profile.associatedParties[index].partyId : ids();
  if (index >= 0) profile.associatedParties.splice(index, 1);
  if (contact) profile.associatedParties.push({ ...structuredClone(contact), role: 'TRUSTED_CONTACT', partyId });
}
