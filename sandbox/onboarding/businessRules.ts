/**
 * The rules of the account types that the onboarding description states as data (`x-business-rules` on the owner
 * schemas, `x-document-fits` on `generateAccountDocument`; openapi/sandboxBehaviour.ts), applied as production
 * applies them: at once, with `422 BUSINESS_RULE_VIOLATION`, nothing created or changed. The rules are read from
 * the descriptions the sandbox serves, so a rule changed there changes the sandbox.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { documentFits, ruleBroken, type BusinessRule, type DocumentFit } from '../../openapi/sandboxBehaviour';
import type { Context } from '../context';
import { ApiError } from '../http';
import { isoDate } from '../state';

const cache = new WeakMap<object, Map<string, readonly BusinessRule[]>>();

/** The `x-business-rules` of the owner schema of an account type (its request schema's `owners.items`). */
function ownerRules(context: Context, accountType: string): readonly BusinessRule[] {
  const byType = cache.get(context.descriptions) ?? new Map<string, readonly BusinessRule[]>();
  cache.set(context.descriptions, byType);
  const cached = byType.get(accountType);
  if (cached) return cached;
  const request = context.descriptions.schema('onboarding', 'NewAccountRequest');
  const mapping =
    isObject(request.discriminator) && isObject(request.discriminator.mapping) ? request.discriminator.mapping : {};
  const reference = mapping[accountType];
  let rules: BusinessRule[] = [];
  if (typeof reference === 'string') {
    const schema = context.descriptions.schema('onboarding', reference.split('/').pop() as string);
    const owners = isObject(schema.properties) ? schema.properties.owners : undefined;
    const items = isObject(owners) && isObject(owners.items) ? owners.items : {};
    const variants = [items, ...(Array.isArray(items.oneOf) ? items.oneOf.filter(isObject) : [])];
    rules = variants.flatMap((variant) => (variant['x-business-rules'] ?? []) as BusinessRule[]);
  }
  byType.set(accountType, rules);
  return rules;
}

/** Fails with the first rule of the account type's owners that `owner` breaks; `prefix` leads the field's name. */
export function checkOwner(context: Context, accountType: string, owner: JsonObject, prefix = ''): void {
  for (const rule of ownerRules(context, accountType)) {
    const issue = ruleBroken(rule, owner[rule.field], isoDate(context.now));
    if (issue) {
      throw new ApiError(422, 'BUSINESS_RULE_VIOLATION', rule.message, [{ field: `${prefix}${rule.field}`, issue }]);
    }
  }
}

/** Fails when the owners of an application break a rule of its account type. */
export function checkOwners(context: Context, body: JsonObject): void {
  const owners = Array.isArray(body.owners) ? body.owners : [];
  owners.forEach((owner, index) => {
    if (isObject(owner)) checkOwner(context, String(body.accountType), owner, `owners[${index}].`);
  });
}

/** Fails when the form asked for does not fit the account's type (`x-document-fits`). */
export function checkDocumentFits(context: Context, accountType: string, documentType: unknown): void {
  const operation = context.descriptions.operations.find(
    (candidate) => candidate.operationId === 'generateAccountDocument',
  );
  const fits = (operation?.definition['x-document-fits'] ?? {}) as Readonly<Record<string, DocumentFit>>;
  const fit = typeof documentType === 'string' ? fits[documentType] : undefined;
  if (fit && !documentFits(fit, accountType)) throw new ApiError(422, 'BUSINESS_RULE_VIOLATION', fit.message);
}
