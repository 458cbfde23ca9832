/**
 * What the contract tests set up, only through the API as a developer would: accounts opened from the
 * descriptions' own request examples (approved or left pending by their family name), test cash, and orders.
 * Every step checks its answer; a step that fails says which and what came back.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { withField } from '../../openapi/sandboxBehaviour';
import { operationById } from './check';
import type { Client } from './client';
import { codeOf, locationPath, newKey, type Reply } from './client';

/** A request-body example of an operation, by name (default: the first). */
export function requestExample(operationId: string, name?: string): JsonObject {
  const operation = operationById(operationId);
  const requestBody = isObject(operation.definition.requestBody) ? operation.definition.requestBody : {};
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const media = Object.values(content)[0];
  if (!isObject(media)) throw new Error(`${operationId} takes no body`);
  if (!name && isObject(media.example)) return structuredClone(media.example);
  const examples = isObject(media.examples) ? media.examples : {};
  const chosen = name ? examples[name] : Object.values(examples)[0];
  if (!isObject(chosen) || !isObject(chosen.value)) throw new Error(`${operationId} has no request example ${name}`);
  return structuredClone(chosen.value);
}

/** Lays `fields` (field paths, `null` removes) over `body`. */
export function withFields(body: JsonObject, fields: Readonly<Record<string, unknown>>): JsonObject {
  return Object.entries(fields).reduce((current, [path, value]) => withField(current, path, value), body);
}

/** Fails with what came back when an answer is not the one a step needs. */
export function expectStatus(reply: Reply, status: number, step: string): Reply {
  if (reply.status !== status) {
    throw new Error(
      `${step}: ${reply.request.method} ${reply.request.path} gave ${reply.status} ${codeOf(reply) ?? ''}, not ${status}: ${JSON.stringify(reply.json)}`,
    );
  }
  return reply;
}

export interface Account {
  readonly accountNumber: string;
  readonly applicationId: string;
  /** The onboarding result's path. */
  readonly applicationPath: string;
}

export const TEST_CASH = '100000.00';

export class World {
  constructor(readonly client: Client) {}

  /** Sends an application for an individual account whose primary owner has `familyName`. */
  async apply(familyName: string, fields: Readonly<Record<string, unknown>> = {}, example?: string): Promise<Reply> {
    const body = withFields(requestExample('openAccount', example), {
      accountNumber: null,
      'owners[0].familyName': familyName,
      ...fields,
    });
    return this.client.send({ method: 'POST', path: '/accounts', body, headers: newKey() });
  }

  /** Opens an account and waits for its review: `ACTIVE` (approved) or `PENDING`; `funded` adds test cash. */
  async account(
    status: 'ACTIVE' | 'PENDING' = 'ACTIVE',
    funded = status === 'ACTIVE',
    example?: string,
  ): Promise<Account> {
    const familyName = status === 'ACTIVE' ? 'Rivera' : 'Pending';
    const reply = expectStatus(
      await this.apply(familyName, {}, example),
      202,
      `open an account (${example ?? 'individual'})`,
    );
    const account = {
      accountNumber: String(reply.json.accountNumber),
      applicationId: String(reply.json.applicationId),
      applicationPath: locationPath(reply, this.client.target.baseUrl),
    };
    if (status === 'ACTIVE') {
      await this.client.waitFor(
        `/accounts/${account.accountNumber}`,
        (answer) => answer.json.status === 'ACTIVE',
        `account ${account.accountNumber} ACTIVE`,
      );
      if (funded) await this.deposit(account.accountNumber, TEST_CASH);
    }
    return account;
  }

  async deposit(accountNumber: string, amount: string): Promise<Reply> {
    return expectStatus(
      await this.client.send({
        method: 'POST',
        path: `/sandbox/accounts/${accountNumber}/deposits`,
        body: { amount: { amount, currency: 'USD' } },
        headers: newKey(),
      }),
      201,
      `deposit ${amount} to ${accountNumber}`,
    );
  }

  /** Places an equity order: the first request example with `fields` laid over it, for `account`. */
  async placeEquity(account: Account, fields: Readonly<Record<string, unknown>> = {}): Promise<Reply> {
    const body = withFields(requestExample('placeEquityOrder'), {
      accountNumber: account.accountNumber,
      clientOrderId: null,
      quantity: '10',
      ...fields,
    });
    return this.client.send({ method: 'POST', path: '/orders/equity', body, headers: newKey() });
  }

  /** Places an equity order that must be accepted, and returns its path. */
  async equityOrder(account: Account, fields: Readonly<Record<string, unknown>> = {}): Promise<string> {
    const reply = expectStatus(await this.placeEquity(account, fields), 201, `place ${JSON.stringify(fields)}`);
    return `/orders/equity/${String(reply.json.orderId)}`;
  }

  /** Waits until the order at `path` is in `status`. */
  orderIn(path: string, status: string): Promise<Reply> {
    return this.client.waitFor(path, (reply) => reply.json.status === status, `${path} ${status}`);
  }

  /** The sandbox time now, as `getSandboxClock` reads it (ms). */
  async clock(): Promise<number> {
    const reply = expectStatus(
      await this.client.send({ method: 'GET', path: '/sandbox/clock' }),
      200,
      'read the clock',
    );
    return Date.parse(String(reply.json.now));
  }

  /** Moves the sandbox clock forward by `ms` (whole seconds, rounded up) with `advanceSandboxClock`. */
  async advanceClock(ms: number): Promise<Reply> {
    return expectStatus(
      await this.client.send({
        method: 'POST',
        path: '/sandbox/clock',
        body: { advanceBy: `PT${Math.max(1, Math.ceil(ms / 1000))}S` },
        headers: newKey(),
      }),
      200,
      'advance the clock',
    );
  }

  /** Moves the sandbox clock to `to` (ms) with `advanceSandboxClock`. */
  async moveClockTo(to: number): Promise<Reply> {
    return expectStatus(
      await this.client.send({
        method: 'POST',
        path: '/sandbox/clock',
        body: { to: new Date(Math.ceil(to / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
        headers: newKey(),
      }),
      200,
      'move the clock',
    );
  }

  /** Places an option order (the first example: a limit buy of calls, by terms), for `account`. */
  async placeOption(account: Account, fields: Readonly<Record<string, unknown>> = {}): Promise<Reply> {
    const body = withFields(requestExample('placeOptionOrder'), {
      accountNumber: account.accountNumber,
      clientOrderId: null,
      ...fields,
    });
    return this.client.send({ method: 'POST', path: '/orders/options', body, headers: newKey() });
  }
}
