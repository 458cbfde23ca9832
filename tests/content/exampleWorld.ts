/**
 * The example world: every example of the four API descriptions (`example` and `examples` under requests,
 * responses, parameters and schemas) and every JSON block of the docs pages, read as one timeline of
 * accounts, orders and prices (WRITING.md, "One example world", says what the world holds). `worldProblems`
 * lists where the examples contradict each other:
 *
 * - **An ID with two meanings.** An ID (an account number `5GT…`, a UUID) names one kind of thing: the kind
 *   comes from the field that holds it (`orderId`, `parentOrderId` and `replacesOrderId` name orders,
 *   `applicationId` applications, `accountNumber` accounts, an `id` the thing its list holds). Where an ID is the
 *   object's own (`orderId` of an order, `accountNumber` of an account or application), the object's
 *   identifying facts must agree wherever it appears: an order's account, symbol, side, quantity and creation
 *   time; an account's type, opening time and primary owner (the given and family name of the `PRIMARY` entry of
 *   `owners`, or of `primaryOwner`); an application's account, submission and decision times; a document's
 *   account, type and creation time.
 * - **A tax ID names one person.** A `taxId` with its `taxIdType` is one person's or one entity's: wherever it
 *   appears, the person who holds it has the same `givenName` and `familyName` (an entity's tax ID is left out:
 *   a revocable trust reports under its grantor's SSN).
 * - **Activity before the account exists.** An account exists from the earliest `reservedAt`, `submittedAt`,
 *   `createdAt` or `openedAt` of an object that names its number and its `accountType` (the reservation, the
 *   application, the account). Every timestamp of any other object that names the account (an order, an
 *   allocation, a trade, a position, a document, an update; an object without one of its own takes the time of
 *   the object it sits in) is at or after that, and so is every `tradeDate`, `settlementDate` and
 *   `activityDate`. Activity for an account that no example opens is a problem too. A response of an
 *   operation whose path names an account (`/accounts/{accountNumber}/positions`) is that account's (the path
 *   parameter's example); a page's JSON block has no path, so a position or trade there without an
 *   `accountNumber` counts only through the description's example it repeats.
 * - **Two prices of a symbol at one moment.** A price is what a symbol traded or was marked at: an order's
 *   `averageFillPrice`, a trade's `price`, a position's `lastPrice` (limit, stop and strike prices are
 *   wishes, not prices). Its moment is the object's `executedAt`, `priceAsOf`, `updatedAt` or `asOf`. At one
 *   moment, the same minute, a symbol has one price; within one day its prices stay within 5% of each other
 *   (a symbol does not trade at 185.50 and at 48.25 on the same afternoon).
 */
import { API_NAMES, isObject, loadBundled, referenced, type JsonObject } from '../../openapi/descriptions';
import { docsFiles, readPage } from './docsPages';

/** One example: where it stands (`openapi/orders.yaml#/paths/…` or `docs/…mdx:12`) and its value. */
export interface Example {
  readonly where: string;
  readonly value: unknown;
  /** The account a response is of, when its path names one (`/accounts/{accountNumber}/positions`). */
  readonly account?: string;
}

/** JSON pointer escaping of one key. */
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The examples of a description: each `example`, each entry of an `examples` list (a schema's) and each `value`
 * of an `examples` map (a media type's or a parameter's). A scalar example is held as `{ field: value }`, the field
 * being the property or parameter it is the example of, so that an ID keeps its meaning.
 */
export function descriptionExamples(file: string, description: JsonObject): Example[] {
  const found: Example[] = [];
  const add = (pointer: string, value: unknown, field: string | undefined, account: string | undefined) =>
    found.push({
      where: `${file}#${pointer}`,
      value: isObject(value) || !field ? value : { [field]: value },
      ...(account && /\/responses\//.test(pointer) ? { account } : {}),
    });
  const walk = (node: unknown, pointer: string, field: string | undefined, account: string | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((entry, index) => walk(entry, `${pointer}/${index}`, field, account));
      return;
    }
    if (!isObject(node)) return;
    // A parameter names what its example is of.
    const own = typeof node.name === 'string' && typeof node.in === 'string' ? node.name : field;
    const of = accountOf(description, node) ?? account;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escape(key)}`;
      if (key.startsWith('x-')) continue;
      if (key === 'example') add(at, value, own, of);
      else if (key === 'examples' && Array.isArray(value))
        value.forEach((entry, index) => add(`${at}/${index}`, entry, own, of));
      else if (key === 'examples' && isObject(value)) {
        for (const [name, entry] of Object.entries(value))
          if (isObject(entry) && 'value' in entry) add(`${at}/${escape(name)}/value`, entry.value, own, of);
      } else if (key === 'properties' && isObject(value)) {
        for (const [property, schema] of Object.entries(value)) walk(schema, `${at}/${escape(property)}`, property, of);
      } else walk(value, at, key === 'items' || key === 'schema' ? own : undefined, of);
    }
  };
  walk(description, '', undefined, undefined);
  return found;
}

/** The account a path item or an operation is of: the example of its `accountNumber` path parameter. */
function accountOf(description: JsonObject, node: JsonObject): string | undefined {
  if (!Array.isArray(node.parameters)) return undefined;
  for (const entry of node.parameters) {
    const parameter = referenced(description, entry);
    if (isObject(parameter) && parameter.name === 'accountNumber' && parameter.in === 'path') {
      const schema = referenced(description, parameter.schema);
      const example = parameter.example ?? (isObject(schema) ? schema.example : undefined);
      if (typeof example === 'string') return example;
    }
  }
  return undefined;
}

/** Every example of the four descriptions, bundled (a shared schema's examples stand in each that uses it). */
export function allDescriptionExamples(): Example[] {
  return API_NAMES.flatMap((api) =>
    descriptionExamples(`openapi/${api}.yaml`, loadBundled(api, { dereferenced: false })),
  );
}

/** Every JSON block of the docs pages that parses (docsContent.test.ts fails on one that does not). */
export function allDocsExamples(): Example[] {
  return docsFiles().flatMap((file) =>
    readPage(file)
      .codeBlocks.filter((block) => block.lang === 'json')
      .flatMap((block) => {
        try {
          return [{ where: `docs/${file}:${block.line}`, value: JSON.parse(block.code) as unknown }];
        } catch {
          return [];
        }
      }),
  );
}

const ACCOUNT_NUMBER = /^5GT\d{5}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const DATE = /^\d{4}-\d\d-\d\d$/;

/** The fields whose timestamp says an account (its reservation, its application, itself) exists. */
const EXISTENCE_FIELDS = ['reservedAt', 'submittedAt', 'createdAt', 'openedAt'];
/** Dates of an account's activity. */
const ACTIVITY_DATES = ['tradeDate', 'settlementDate', 'activityDate'];
/** Prices a symbol traded or was marked at. */
const PRICE_FIELDS = ['averageFillPrice', 'lastPrice', 'price'];
/** The moment an object states its price at, first found first. */
const MOMENT_FIELDS = ['executedAt', 'priceAsOf', 'updatedAt', 'asOf', 'createdAt'];
/** The facts that identify each kind of thing, wherever it appears. */
const IDENTITY: Readonly<Record<string, readonly string[]>> = {
  order: ['accountNumber', 'symbol', 'side', 'quantity', 'createdAt'],
  account: ['accountType', 'openedAt'],
  application: ['accountNumber', 'submittedAt', 'decidedAt'],
  document: ['accountNumber', 'documentType', 'createdAt'],
};

/**
 * A person's names, `Jordan Rivera`; undefined for an object without them. An entity is left out: a revocable
 * trust or a sole proprietor reports under its owner's SSN.
 */
function nameOf(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const names = [node.givenName, node.familyName].filter((name): name is string => typeof name === 'string');
  return names.length > 0 ? names.join(' ') : undefined;
}

/** The primary owner an account object names: the `PRIMARY` entry of `owners`, or `primaryOwner`. */
function primaryOwnerOf(node: JsonObject): string | undefined {
  const primary = Array.isArray(node.owners)
    ? node.owners.find((owner) => isObject(owner) && owner.role === 'PRIMARY')
    : node.primaryOwner;
  return nameOf(primary);
}

/** The facts an object states about itself, as the thing its own ID names. */
function factsOf(kind: string, node: JsonObject): Record<string, string> {
  const facts = Object.fromEntries(
    (IDENTITY[kind] ?? []).filter((fact) => typeof node[fact] === 'string').map((fact) => [fact, node[fact] as string]),
  );
  const owner = kind === 'account' ? primaryOwnerOf(node) : undefined;
  return owner ? { ...facts, primaryOwner: owner } : facts;
}

/** `allocations` → `allocation`: the kind an `id` in a list stands for. */
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');

/** The kind of thing an ID in `field` names: `parentOrderId` → `order`, `accountNumber` → `account`. */
export function kindOf(field: string, parentField: string | undefined): string {
  if (/accountNumbers?$/i.test(field)) return 'account';
  if (field === 'id') return parentField ? singular(parentField) : 'id';
  const named = /([A-Z]?[a-z]+)Ids?$/.exec(field);
  if (named) return named[1].toLowerCase();
  return field.toLowerCase();
}

interface Use {
  readonly where: string;
  readonly kind: string;
  readonly facts: Readonly<Record<string, string>>;
}

interface Price {
  readonly where: string;
  readonly amount: number;
  readonly moment: string;
}

const amountOf = (value: unknown): number | null => {
  const amount = isObject(value) ? value.amount : value;
  return typeof amount === 'string' && amount !== '' && Number.isFinite(Number(amount)) ? Number(amount) : null;
};

const timestamps = (node: JsonObject, fields?: readonly string[]): [string, string][] =>
  Object.entries(node).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && DATE_TIME.test(entry[1]) && (!fields || fields.includes(entry[0])),
  );

const momentOf = (node: JsonObject): string | undefined =>
  MOMENT_FIELDS.map((field) => node[field]).find(
    (value): value is string => typeof value === 'string' && DATE_TIME.test(value),
  );

const utc = (timestamp: string) => new Date(timestamp).toISOString();

/** What the examples say, gathered: each ID's uses, each account's first and other times, each symbol's prices. */
export interface World {
  readonly ids: Map<string, Use[]>;
  /** Account number → the times an object with its `accountType` states (when it exists). */
  readonly opened: Map<string, { time: string; where: string }[]>;
  /** Account number → the times of its activity. */
  readonly activity: Map<string, { time: string; where: string; field: string }[]>;
  readonly prices: Map<string, Price[]>;
  /** `SSN 123-45-6789` → the names of each object that holds it. */
  readonly taxIds: Map<string, { name: string; where: string }[]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => map.set(key, [...(map.get(key) ?? []), value]);

export function buildWorld(examples: readonly Example[]): World {
  const world: World = { ids: new Map(), opened: new Map(), activity: new Map(), prices: new Map(), taxIds: new Map() };
  const visit = (
    node: unknown,
    where: string,
    of: string | undefined,
    pointer: string,
    field: string | undefined,
    time?: string,
  ): void => {
    if (Array.isArray(node)) {
      node.forEach((entry, index) => visit(entry, where, of, `${pointer}/${index}`, field, time));
      return;
    }
    if (!isObject(node)) return;
    const at = (key: string) => `${where} ${pointer}/${escape(key)}`;
    const ownTime = momentOf(node) ?? timestamps(node)[0]?.[1];
    const contextTime = ownTime ?? time;
    // IDs, with the facts of the object they are the own ID of.
    for (const [key, value] of Object.entries(node)) {
      const ids = (Array.isArray(value) ? value : [value]).filter(
        (entry): entry is string => typeof entry === 'string' && (ACCOUNT_NUMBER.test(entry) || UUID.test(entry)),
      );
      for (const id of ids) {
        const kind = kindOf(key, field);
        const isOwn = key === 'accountNumber' ? 'accountType' in node : key === `${kind}Id` || key === 'id';
        push(world.ids, id, { where: at(key), kind, facts: isOwn ? factsOf(kind, node) : {} });
      }
    }
    // Accounts: when they exist, and what happens to them.
    const account =
      typeof node.accountNumber === 'string' ? node.accountNumber : timestamps(node).length > 0 ? of : undefined;
    if (typeof node.counterpartyAccountNumber === 'string' && contextTime)
      push(world.activity, node.counterpartyAccountNumber, {
        time: utc(contextTime),
        where: at('counterpartyAccountNumber'),
        field: 'counterpartyAccountNumber',
      });
    if (account && 'accountType' in node) {
      for (const [key, value] of timestamps(node, EXISTENCE_FIELDS))
        push(world.opened, account, { time: utc(value), where: at(key) });
    } else if (account) {
      // An object without a time of its own (an allocation) happens at the time of the object it sits in.
      const own = timestamps(node);
      for (const [key, value] of own) push(world.activity, account, { time: utc(value), where: at(key), field: key });
      if (own.length === 0 && contextTime)
        push(world.activity, account, { time: utc(contextTime), where: at('accountNumber'), field: 'accountNumber' });
      for (const key of ACTIVITY_DATES)
        if (typeof node[key] === 'string' && DATE.test(node[key]))
          push(world.activity, account, { time: `${node[key]}T23:59:59.999Z`, where: at(key), field: key });
    }
    // Tax IDs: whose they are.
    const name = nameOf(node);
    if (typeof node.taxId === 'string' && typeof node.taxIdType === 'string' && name)
      push(world.taxIds, `${node.taxIdType} ${node.taxId}`, { name, where: at('taxId') });
    // Prices.
    if (typeof node.symbol === 'string' && contextTime) {
      for (const key of PRICE_FIELDS) {
        const amount = amountOf(node[key]);
        if (amount !== null) push(world.prices, node.symbol, { where: at(key), amount, moment: utc(contextTime) });
      }
    }
    for (const [key, value] of Object.entries(node))
      visit(value, where, of, `${pointer}/${escape(key)}`, key, contextTime);
  };
  for (const example of examples) visit(example.value, example.where, example.account, '', undefined);
  return world;
}

const DAY_BAND = 0.05;

const article = (kind: string) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;

/** Where the world contradicts itself, one line a contradiction, naming both places. */
export function worldProblems(world: World): string[] {
  const problems: string[] = [];
  for (const [id, uses] of world.ids) {
    const [first] = uses;
    const otherKind = uses.find((use) => use.kind !== first.kind);
    if (otherKind)
      problems.push(
        `${id} is ${article(first.kind)} at ${first.where} and ${article(otherKind.kind)} at ${otherKind.where}`,
      );
    const named = new Map<string, Use>();
    for (const use of uses) {
      for (const [fact, value] of Object.entries(use.facts)) {
        const before = named.get(fact);
        if (!before) named.set(fact, use);
        else if (before.facts[fact] !== value)
          problems.push(
            `${id}: ${use.kind} with ${fact} ${before.facts[fact]} at ${before.where} and ${value} at ${use.where}`,
          );
      }
    }
  }
  for (const [taxId, holders] of world.taxIds) {
    const other = holders.find((holder) => holder.name !== holders[0].name);
    if (other)
      problems.push(`${taxId} is ${holders[0].name}'s at ${holders[0].where} and ${other.name}'s at ${other.where}`);
  }
  for (const [account, events] of world.activity) {
    const opened = [...(world.opened.get(account) ?? [])].sort((a, b) => a.time.localeCompare(b.time))[0];
    if (!opened) {
      problems.push(`${account} has activity (${events[0].where}) but no example opens it`);
      continue;
    }
    for (const event of events) {
      const dateOnly = ACTIVITY_DATES.includes(event.field);
      const before = dateOnly ? event.time.slice(0, 10) < opened.time.slice(0, 10) : event.time < opened.time;
      if (before)
        problems.push(
          `${account}: ${event.where} (${event.time}) is before the account exists (${opened.where}, ${opened.time})`,
        );
    }
  }
  for (const [symbol, all] of world.prices) {
    // The same price shown on several pages is one statement.
    const prices = all.filter(
      (price, index) =>
        all.findIndex((other) => other.amount === price.amount && other.moment === price.moment) === index,
    );
    for (const [index, price] of prices.entries()) {
      const sameMinute = prices
        .slice(index + 1)
        .find((other) => other.moment.slice(0, 16) === price.moment.slice(0, 16) && other.amount !== price.amount);
      if (sameMinute)
        problems.push(
          `${symbol} is ${price.amount} at ${price.moment} (${price.where}) and ${sameMinute.amount} at ${sameMinute.moment} (${sameMinute.where})`,
        );
    }
    // Within a day, each price against the day's middle one.
    const days = new Map<string, Price[]>();
    for (const price of prices) push(days, price.moment.slice(0, 10), price);
    for (const [day, ofDay] of days) {
      const middle = [...ofDay].sort((a, b) => a.amount - b.amount)[Math.floor((ofDay.length - 1) / 2)];
      const far = new Set<number>();
      for (const price of ofDay) {
        if (Math.abs(price.amount - middle.amount) / middle.amount <= DAY_BAND || far.has(price.amount)) continue;
        far.add(price.amount);
        problems.push(
          `${symbol} is ${price.amount} at ${price.moment} (${price.where}), more than ${DAY_BAND * 100}% from ${middle.amount} at ${middle.moment} (${middle.where}) on ${day}`,
        );
      }
    }
  }
  return problems;
}
