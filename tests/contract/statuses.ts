/**
 * How to make each operation answer each status its description documents, through the API. Most statuses
 * have one way for every operation that documents them, read from the description (`401` without a token,
 * `403` with a token of another scope, `404` for an identifier that names nothing, `413` for a body over
 * `x-max-body-bytes`, `429` past the burst of `x-rate-limit`, `409` for an `Idempotency-Key` reused with
 * another body); the rest are written per operation in `SPECIFIC`. A documented status with neither must be
 * in unreachable.ts.
 */
import { isObject, type JsonObject } from '../../openapi/document';
import { descriptions, type Operation } from './check';
import type { Client } from './client';
import { newKey, type ApiRequest, type Reply } from './client';
import { expectStatus, requestExample, withFields, type Account, type World } from './world';

/** What the status tests share, set up once: an account with a position, orders, a document and a party. */
export interface Fixture {
  readonly account: Account;
  readonly pending: Account;
  readonly partyId: string;
  /** The account's trusted contact, an associated party. */
  readonly associatedPartyId: string;
  readonly equityOrderId: string;
  readonly optionOrderId: string;
  readonly documentId: string;
}

export async function buildFixture(world: World): Promise<Fixture> {
  const { client } = world;
  const account = await world.account();
  const pending = await world.account('PENDING');
  const filled = await world.equityOrder(account, { symbol: 'XMPL', type: 'MARKET', limitPrice: null });
  await world.orderIn(filled, 'FILLED');
  const equityOrderId = (await world.equityOrder(account, { symbol: 'XNFL' })).split('/').pop() as string;
  const option = expectStatus(await world.placeOption(account, { underlying: 'XNFL' }), 201, 'place an option order');
  const upload = expectStatus(await client.send(uploadRequest(account.accountNumber)), 201, 'upload a document');
  const details = expectStatus(
    await client.send({ method: 'GET', path: `/accounts/${account.accountNumber}` }),
    200,
    'get the account',
  );
  const owner = isObject(details.json.primaryOwner) ? details.json.primaryOwner : {};
  const parties = Array.isArray(details.json.associatedParties) ? details.json.associatedParties.filter(isObject) : [];
  return {
    account,
    pending,
    partyId: String(owner.partyId),
    associatedPartyId: String(parties[0]?.partyId),
    equityOrderId,
    optionOrderId: String(option.json.orderId),
    documentId: String(upload.json.documentId),
  };
}

const BOUNDARY = 'contract-suite-boundary';

/** An upload of a one-page PDF as curl `--form` sends it. */
function uploadRequest(accountNumber: string, fields: Record<string, string> = {}): ApiRequest {
  const parts = Object.entries({ documentType: 'PROOF_OF_ADDRESS', ...fields }).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="proof.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`;
  return {
    method: 'POST',
    path: `/accounts/${accountNumber}/documents`,
    raw: {
      content: `${parts.join('')}${file}--${BOUNDARY}--\r\n`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    headers: newKey(),
  };
}

/** Well-formed identifiers that name nothing, by path parameter. */
const UNKNOWN: Readonly<Record<string, string>> = {
  accountNumber: 'ZZ999999',
  orderId: '00000000-0000-4000-8000-000000000000',
  applicationId: '00000000-0000-4000-8000-000000000001',
  documentId: '00000000-0000-4000-8000-000000000002',
  partyId: '00000000-0000-4000-8000-000000000003',
  symbol: 'ZZZZ',
};

/**
 * The test price takes any equity ticker (every ticker trades in the sandbox, as the first test-value row of
 * placeEquityOrder says), so the symbol it does not know is one that is not a ticker: its 404 example's OCC
 * option symbol.
 */
const UNKNOWN_BY_OPERATION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  setSandboxPrice: { symbol: 'XMPL  250620C00190000' },
};

const unknownValue = (operation: Operation, name: string): string =>
  UNKNOWN_BY_OPERATION[operation.operationId]?.[name] ?? UNKNOWN[name];

function pathValue(operation: Operation, name: string, fixture: Fixture): string {
  switch (name) {
    case 'accountNumber':
      return fixture.account.accountNumber;
    case 'orderId':
      return operation.path.startsWith('/orders/options') ? fixture.optionOrderId : fixture.equityOrderId;
    case 'applicationId':
      return fixture.account.applicationId;
    case 'documentId':
      return fixture.documentId;
    case 'partyId':
      return fixture.associatedPartyId;
    case 'symbol':
      return 'XMPL';
    default:
      throw new Error(`${operation.operationId}: no value for the path parameter ${name}`);
  }
}

/** The operation's path with the fixture's values, or with `unknown` ones for the parameters named. */
function pathOf(operation: Operation, fixture: Fixture, unknown: readonly string[] = []): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(unknown.includes(name) ? unknownValue(operation, name) : pathValue(operation, name, fixture)),
  );
}

const takesKey = (operation: Operation) => operation.idempotencyKey !== 'none';
const takesJson = (operation: Operation) => {
  const body = operation.definition.requestBody;
  return isObject(body) && isObject(body.content) && 'application/json' in body.content;
};

/** The operation's first request example with the fixture's accounts, or no body. */
function exampleBody(operation: Operation, fixture: Fixture): JsonObject | undefined {
  if (!takesJson(operation)) return undefined;
  const body = requestExample(operation.operationId);
  const fields: Record<string, unknown> = {};
  if ('accountNumber' in body) fields.accountNumber = fixture.account.accountNumber;
  if ('accountNumbers' in body) fields.accountNumbers = [fixture.account.accountNumber];
  if ('clientOrderId' in body) fields.clientOrderId = null;
  return withFields(body, fields);
}

/** Values for the query parameters an operation requires (dates: a range around the suite's run). */
function requiredQuery(operation: Operation): string {
  const parameters = (Array.isArray(operation.definition.parameters) ? operation.definition.parameters : []).filter(
    isObject,
  );
  const values = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required === true)
    .map((parameter) => {
      const name = String(parameter.name);
      if (isObject(parameter.schema) && parameter.schema.format === 'date') {
        return [name, name === 'from' ? '2000-01-01' : '2099-12-31'];
      }
      throw new Error(`${operation.operationId}: no value for the required query parameter ${name}`);
    });
  return values.length > 0 ? `?${new URLSearchParams(values).toString()}` : '';
}

/**
 * The operation called with the fixture's values (`unknown` path parameters replaced with identifiers that name
 * nothing): the request every generic producer starts from.
 */
export function baseRequest(operation: Operation, fixture: Fixture, unknown: readonly string[] = []): ApiRequest {
  const path = `${pathOf(operation, fixture, unknown)}${requiredQuery(operation)}`;
  if (operation.fileParts.length > 0) return { ...uploadRequest(fixture.account.accountNumber), path };
  return {
    method: operation.method,
    path,
    body: exampleBody(operation, fixture),
    headers: takesKey(operation) ? newKey() : {},
  };
}

interface ProducerContext {
  readonly world: World;
  readonly fixture: Fixture;
  /** A client of the target's rate-limited client (`429`). */
  readonly limited: Client;
}

type Producer = (context: ProducerContext, operation: Operation) => Promise<Reply>;

/** A scope that satisfies none of the operation's scope sets, or null. */
function otherScope(operation: Operation): string | null {
  return (
    descriptions().scopes.find(
      (scope) => !operation.scopeSets.some((set) => set.every((needed) => needed === scope)),
    ) ?? null
  );
}

/** The first query parameter a bad value can be given to, and that value. */
function badQuery(operation: Operation): string | null {
  const parameters = (Array.isArray(operation.definition.parameters) ? operation.definition.parameters : []).filter(
    isObject,
  );
  const query = parameters.filter((parameter) => parameter.in === 'query');
  if (query.some((parameter) => parameter.name === 'limit')) return 'limit=0';
  const dated = query.find((parameter) => isObject(parameter.schema) && parameter.schema.format === 'date');
  if (dated) return `${String(dated.name)}=not-a-date`;
  return null;
}

/** The generic way to produce a status, by status; null where it does not apply to the operation. */
const GENERIC: Readonly<Record<string, (operation: Operation) => Producer | null>> = {
  '401':
    () =>
    ({ world, fixture }, operation) =>
      world.client.send({ ...baseRequest(operation, fixture), token: null }),
  '403': (operation) => {
    const scope = otherScope(operation);
    if (operation.scopeSets.length === 0 || !scope) return null;
    return async ({ world, fixture }) =>
      world.client.send({ ...baseRequest(operation, fixture), token: await world.client.token(scope) });
  },
  '404': (operation) => {
    if (operation.pathParameterNames.length > 0) {
      return ({ world, fixture }) =>
        world.client.send(baseRequest(operation, fixture, [operation.pathParameterNames[0]]));
    }
    const example = takesJson(operation) ? requestExample(operation.operationId) : {};
    if (!('accountNumber' in example) && !('accountNumbers' in example)) return null;
    return ({ world, fixture }) => {
      const base = baseRequest(operation, fixture);
      const body = withFields(base.body as JsonObject, {
        ...('accountNumber' in example ? { accountNumber: UNKNOWN.accountNumber } : {}),
        ...('accountNumbers' in example
          ? { accountNumbers: [fixture.account.accountNumber, UNKNOWN.accountNumber] }
          : {}),
      });
      return world.client.send({ ...base, body });
    };
  },
  '400': (operation) => {
    if (takesJson(operation)) {
      return ({ world, fixture }) =>
        world.client.send({
          ...baseRequest(operation, fixture),
          raw: { content: '{"not json', contentType: 'application/json' },
        });
    }
    if (operation.fileParts.length > 0) {
      return ({ world, fixture }) =>
        world.client.send({
          ...baseRequest(operation, fixture),
          raw: { content: 'no form', contentType: 'text/plain' },
        });
    }
    if (operation.idempotencyKey === 'required') {
      return ({ world, fixture }) => world.client.send({ ...baseRequest(operation, fixture), headers: {} });
    }
    const query = badQuery(operation);
    if (!query) return null;
    return ({ world, fixture }) =>
      world.client.send({ ...baseRequest(operation, fixture), path: `${pathOf(operation, fixture)}?${query}` });
  },
  '413': (operation) => {
    if (operation.maxBodyBytes === null) return null;
    const size = operation.maxBodyBytes + 1;
    return ({ world, fixture }) => {
      const contentType = takesJson(operation) ? 'application/json' : `multipart/form-data; boundary=${BOUNDARY}`;
      return world.client.send({
        ...baseRequest(operation, fixture),
        raw: { content: new Uint8Array(size).fill(0x20), contentType },
      });
    };
  },
  '429':
    () =>
    async ({ limited, fixture }, operation) => {
      const burst = limited.target.rateLimitBurst;
      // Requests that change nothing if they get through (against a remote sandbox this is the suite's own
      // client): no body and no Idempotency-Key. Without a body, too, as an answer sent before a body is read can
      // close the connection while the client is still sending it (seen over HTTP under a burst).
      const harmless: ApiRequest = { ...baseRequest(operation, fixture), body: undefined, raw: undefined, headers: {} };
      // A burst and one more at once; over HTTP the bucket refills while they travel, so up to three bursts.
      let replies: Reply[] = [];
      for (let round = 0; round < 3 && !replies.some((reply) => reply.status === 429); round++) {
        replies = await Promise.all(
          Array.from({ length: burst + 1 }, () => limited.send({ ...harmless, rateLimited: true })),
        );
      }
      return replies.find((reply) => reply.status === 429) ?? replies[replies.length - 1];
    },
  '409': (operation) => {
    if (!takesKey(operation) || (!takesJson(operation) && operation.fileParts.length === 0)) return null;
    return async ({ world, fixture }) => {
      const base = baseRequest(operation, fixture);
      const key = newKey();
      // A body the operation refuses field by field (stored for the key, as every 4xx is), then another one.
      if (operation.fileParts.length > 0) {
        const upload = (documentType: string) => ({
          ...uploadRequest(fixture.account.accountNumber, { documentType }),
          headers: key,
        });
        await world.client.send(upload('PROOF_OF_ADDRESS'));
        return world.client.send(upload('GOVERNMENT_ID'));
      }
      await world.client.send({ ...base, body: {}, headers: key });
      return world.client.send({ ...base, body: { other: true }, headers: key });
    };
  },
};

/** Order paths by asset class. */
const orders = (operation: Operation) => (operation.path.startsWith('/orders/options') ? 'options' : 'equity');

/** An order in `status` of the fixture's account, placed for the purpose (its path). */
async function orderIn(world: World, fixture: Fixture, assetClass: string, symbol: string, status: string) {
  const reply =
    assetClass === 'options'
      ? await world.placeOption(fixture.account, { underlying: symbol })
      : await world.placeEquity(fixture.account, { symbol });
  const path = `/orders/${assetClass}/${String(expectStatus(reply, 201, `place a ${symbol} order`).json.orderId)}`;
  await world.orderIn(path, status);
  return path;
}

/** A block order over two active accounts, settled in `status` (its path). */
async function blockIn(world: World, fixture: Fixture, assetClass: string, status: string, symbol: string) {
  const second = await world.account();
  const accountNumbers = [fixture.account.accountNumber, second.accountNumber];
  const body =
    assetClass === 'options'
      ? withFields(requestExample('placeBlockOptionOrder'), {
          accountNumbers,
          clientOrderId: null,
          symbol: null,
          underlying: symbol,
          expirationDate: '2027-06-18',
          strikePrice: { amount: '50.00', currency: 'USD' },
          putCall: 'CALL',
          type: 'MARKET',
          limitPrice: null,
          quantity: '2',
        })
      : withFields(requestExample('placeBlockEquityOrder'), {
          accountNumbers,
          clientOrderId: null,
          symbol,
          type: 'MARKET',
          limitPrice: null,
          quantity: '10',
        });
  const reply = expectStatus(
    await world.client.send({ method: 'POST', path: `/orders/${assetClass}/block`, body, headers: newKey() }),
    201,
    'place a block order',
  );
  const path = `/orders/${assetClass}/${String(reply.json.orderId)}`;
  await world.orderIn(path, status);
  return { path, accountNumbers };
}

const send = (world: World, request: ApiRequest) => world.client.send(request);

/** The statuses that need their own recipe, by `operationId status`. */
const SPECIFIC: Readonly<Record<string, Producer>> = {
  'reserveAccountNumber 201': ({ world }, operation) =>
    send(world, {
      method: 'POST',
      path: operation.path,
      body: requestExample(operation.operationId),
      headers: newKey(),
    }),
  'getOnboardingResult 200': ({ world, fixture }) =>
    send(world, { method: 'GET', path: fixture.account.applicationPath }),
  'getAccount 200': ({ world, fixture }, operation) => send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'getBalanceSummary 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'listPositions 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'getPosition 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'listTradeActivity 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: `${pathOf(operation, fixture)}?from=2026-01-01&to=2026-12-31` }),
  'listTradeActivity 400': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: `${pathOf(operation, fixture)}?from=2026-01-01` }),
  'listNonTradeActivity 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: `${pathOf(operation, fixture)}?from=2026-01-01&to=2026-12-31` }),
  'listNonTradeActivity 400': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: `${pathOf(operation, fixture)}?from=2026-01-01` }),
  'addAccountDocument 201': ({ world, fixture }) => send(world, uploadRequest(fixture.account.accountNumber)),
  'generateAccountDocument 201': ({ world, fixture }, operation) =>
    send(world, {
      method: 'POST',
      path: pathOf(operation, fixture),
      body: requestExample(operation.operationId, 'accountAgreement'),
      headers: newKey(),
    }),
  'createSandboxDeposit 201': ({ world, fixture }, operation) =>
    send(world, { ...baseRequest(operation, fixture), body: { amount: { amount: '10.00', currency: 'USD' } } }),
  'createSandboxDeposit 422': ({ world, fixture }, operation) =>
    send(world, {
      ...baseRequest(operation, fixture),
      path: `/sandbox/accounts/${fixture.pending.accountNumber}/deposits`,
      body: { amount: { amount: '10.00', currency: 'USD' } },
    }),
  'openAccount 202': ({ world }) => world.apply('Rivera'),
  'openAccount 409': async ({ world }) => {
    // A reserved number serves one application only.
    const reserved = expectStatus(
      await send(world, {
        method: 'POST',
        path: '/account-numbers',
        body: { accountType: 'INDIVIDUAL' },
        headers: newKey(),
      }),
      201,
      'reserve a number',
    );
    const fields = { accountNumber: reserved.json.accountNumber };
    expectStatus(await world.apply('Rivera', fields), 202, 'the first application');
    return world.apply('Rivera', fields);
  },
  'updateAccountAddresses 200': ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: pathOf(operation, fixture),
      body: withFields(requestExample(operation.operationId, 'moveWithinUs'), {}),
    }),
  'updateAccountAddresses 202': ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: pathOf(operation, fixture),
      body: withFields(requestExample(operation.operationId, 'moveAbroad'), { partyId: null }),
    }),
  'updatePrimaryOwner 200': ({ world, fixture }, operation) =>
    send(world, { method: 'PATCH', path: pathOf(operation, fixture), body: { phone: '+12025550100' } }),
  'updatePrimaryOwner 202': ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: pathOf(operation, fixture),
      body: requestExample(operation.operationId, 'legalNameChange'),
    }),
  'searchEquityOrders 200': ({ world }) => send(world, { method: 'GET', path: '/orders/equity' }),
  'searchOptionOrders 200': ({ world }) => send(world, { method: 'GET', path: '/orders/options' }),
  'searchEquityOrders 400': ({ world }) => send(world, { method: 'GET', path: '/orders/equity?limit=0' }),
  'searchOptionOrders 400': ({ world }) => send(world, { method: 'GET', path: '/orders/options?limit=0' }),
  'placeEquityOrder 201': ({ world, fixture }) => world.placeEquity(fixture.account, { symbol: 'XNFL' }),
  'placeEquityOrder 422': ({ world, fixture }) => world.placeEquity(fixture.account, { symbol: 'XHLT' }),
  'placeBlockEquityOrder 201': async ({ world, fixture }) => {
    const second = await world.account();
    return send(world, {
      method: 'POST',
      path: '/orders/equity/block',
      body: withFields(requestExample('placeBlockEquityOrder'), {
        accountNumbers: [fixture.account.accountNumber, second.accountNumber],
        clientOrderId: null,
        symbol: 'XNFL',
      }),
      headers: newKey(),
    });
  },
  'placeBlockEquityOrder 422': ({ world, fixture }) =>
    send(world, {
      method: 'POST',
      path: '/orders/equity/block',
      body: withFields(requestExample('placeBlockEquityOrder'), {
        accountNumbers: [fixture.account.accountNumber, fixture.pending.accountNumber],
        clientOrderId: null,
      }),
      headers: newKey(),
    }),
  'getEquityOrder 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'getOptionOrder 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'updateEquityOrder 202': async ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: await orderIn(world, fixture, orders(operation), 'XNFL', 'NEW'),
      body: { quantity: '20' },
    }),
  'updateOptionOrder 202': async ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: await orderIn(world, fixture, orders(operation), 'XNFL', 'NEW'),
      body: { quantity: '2' },
    }),
  'updateEquityOrder 409': async ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: await orderIn(world, fixture, orders(operation), 'XRJT', 'REJECTED'),
      body: { quantity: '20' },
    }),
  'updateOptionOrder 409': async ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: await orderIn(world, fixture, orders(operation), 'XRJT', 'REJECTED'),
      body: { quantity: '2' },
    }),
  'updateEquityOrder 422': async ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: await orderIn(world, fixture, orders(operation), 'XPRT', 'PARTIALLY_FILLED'),
      body: { quantity: '1' },
    }),
  'cancelEquityOrder 202': async ({ world, fixture }, operation) =>
    send(world, { method: 'DELETE', path: await orderIn(world, fixture, orders(operation), 'XNFL', 'NEW') }),
  'cancelOptionOrder 202': async ({ world, fixture }, operation) =>
    send(world, { method: 'DELETE', path: await orderIn(world, fixture, orders(operation), 'XNFL', 'NEW') }),
  'cancelEquityOrder 409': async ({ world, fixture }, operation) =>
    send(world, { method: 'DELETE', path: await orderIn(world, fixture, orders(operation), 'XRJT', 'REJECTED') }),
  'cancelOptionOrder 409': async ({ world, fixture }, operation) =>
    send(world, { method: 'DELETE', path: await orderIn(world, fixture, orders(operation), 'XRJT', 'REJECTED') }),
  'allocateBlockEquityOrder 201': async ({ world, fixture }) => {
    const { path, accountNumbers } = await blockIn(world, fixture, 'equity', 'FILLED', 'XMPL');
    const allocations = [
      { accountNumber: accountNumbers[0], quantity: '6' },
      { accountNumber: accountNumbers[1], quantity: '4' },
    ];
    return send(world, { method: 'POST', path: `${path}/allocations`, body: { allocations }, headers: newKey() });
  },
  'allocateBlockEquityOrder 422': async ({ world, fixture }) => {
    const { path, accountNumbers } = await blockIn(world, fixture, 'equity', 'NEW', 'XNFL');
    const allocations = [{ accountNumber: accountNumbers[0], quantity: '10' }];
    return send(world, { method: 'POST', path: `${path}/allocations`, body: { allocations }, headers: newKey() });
  },
  'allocateBlockOptionOrder 422': async ({ world, fixture }) => {
    const { path, accountNumbers } = await blockIn(world, fixture, 'options', 'NEW', 'XNFL');
    const allocations = [{ accountNumber: accountNumbers[0], quantity: '2' }];
    return send(world, { method: 'POST', path: `${path}/allocations`, body: { allocations }, headers: newKey() });
  },
  'placeOptionOrder 201': ({ world, fixture }) => world.placeOption(fixture.account, { underlying: 'XNFL' }),
  'placeOptionOrder 422': ({ world, fixture }) => world.placeOption(fixture.account, { side: 'SELL_TO_CLOSE' }),
  'placeBlockOptionOrder 201': async ({ world, fixture }) => {
    const second = await world.account();
    return send(world, {
      method: 'POST',
      path: '/orders/options/block',
      body: withFields(requestExample('placeBlockOptionOrder'), {
        accountNumbers: [fixture.account.accountNumber, second.accountNumber],
        clientOrderId: null,
      }),
      headers: newKey(),
    });
  },
  'placeBlockOptionOrder 422': ({ world, fixture }) =>
    send(world, {
      method: 'POST',
      path: '/orders/options/block',
      body: withFields(requestExample('placeBlockOptionOrder'), {
        accountNumbers: [fixture.account.accountNumber, fixture.pending.accountNumber],
        clientOrderId: null,
      }),
      headers: newKey(),
    }),
  'updateOptionOrder 422': async ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: await orderIn(world, fixture, orders(operation), 'XPRT', 'PARTIALLY_FILLED'),
      body: { quantity: '1' },
    }),
  'allocateBlockOptionOrder 201': async ({ world, fixture }) => {
    const { path, accountNumbers } = await blockIn(world, fixture, 'options', 'FILLED', 'XMPL');
    const allocations = [
      { accountNumber: accountNumbers[0], quantity: '1' },
      { accountNumber: accountNumbers[1], quantity: '1' },
    ];
    return send(world, { method: 'POST', path: `${path}/allocations`, body: { allocations }, headers: newKey() });
  },
  'updateAssociatedParty 200': ({ world, fixture }, operation) =>
    send(world, {
      method: 'PATCH',
      path: pathOf(operation, fixture),
      body: requestExample(operation.operationId, 'trustedContactPhone'),
    }),
  'updateAssociatedParty 202': async ({ world }) => {
    const ira = await world.account('ACTIVE', false, 'iraTraditional');
    const details = await send(world, { method: 'GET', path: `/accounts/${ira.accountNumber}` });
    const parties = Array.isArray(details.json.associatedParties)
      ? details.json.associatedParties.filter(isObject)
      : [];
    const beneficiary = parties.find((party) => party.role === 'BENEFICIARY');
    return send(world, {
      method: 'PATCH',
      path: `/accounts/${ira.accountNumber}/associated-parties/${String(beneficiary?.partyId)}`,
      body: requestExample('updateAssociatedParty', 'beneficiaryTaxId'),
    });
  },
  'generateAccountDocument 422': ({ world, fixture }, operation) =>
    send(world, {
      method: 'POST',
      path: pathOf(operation, fixture),
      body: { documentType: 'W8BEN', partyId: fixture.partyId },
      headers: newKey(),
    }),
  // The custodian must be at least 18 (the description's first 422 example).
  'openAccount 422': ({ world }) => world.apply('Rivera', { 'owners[0].dateOfBirth': '2015-01-01' }, 'custodial'),
  'updateAccountAddresses 422': async ({ world }, operation) =>
    send(world, {
      method: 'PATCH',
      // An account of its own: the fixture's has a review of an address change open.
      path: `/accounts/${(await world.account('ACTIVE', false)).accountNumber}/addresses`,
      body: withFields(requestExample(operation.operationId, 'moveAbroad'), {
        partyId: null,
        'legalAddress.country': 'IR',
      }),
    }),
  'updatePrimaryOwner 422': async ({ world }) => {
    const joint = await world.account('ACTIVE', false, 'jointCP');
    return send(world, {
      method: 'PATCH',
      path: `/accounts/${joint.accountNumber}/primary-owner`,
      body: { maritalStatus: 'SINGLE' },
    });
  },
  'listDocumentTypes 200': ({ world }) => send(world, { method: 'GET', path: '/document-types' }),
  'getDocument 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'downloadDocument 200': ({ world, fixture }, operation) =>
    send(world, { method: 'GET', path: pathOf(operation, fixture) }),
  'getSandboxClock 200': ({ world }) => send(world, { method: 'GET', path: '/sandbox/clock' }),
  // One second: the rest of the suite meets a clock moved that little as if time had passed.
  'advanceSandboxClock 200': ({ world }) =>
    send(world, { method: 'POST', path: '/sandbox/clock', body: { advanceBy: 'PT1S' }, headers: newKey() }),
  // The clock moves forward only (the description's first 422 example).
  'advanceSandboxClock 422': ({ world }) =>
    send(world, { method: 'POST', path: '/sandbox/clock', body: { to: '2000-01-01T00:00:00Z' }, headers: newKey() }),
  // A symbol of its own, which no other test trades.
  'setSandboxPrice 200': ({ world }) =>
    send(world, {
      method: 'PUT',
      path: '/sandbox/prices/XSET',
      body: { price: { amount: '42.00', currency: 'USD' } },
    }),
  'resetSandbox 200': ({ world }) => send(world, { method: 'POST', path: '/sandbox/reset', headers: newKey() }),
};

export interface StatusCase {
  /** `operationId status`. */
  readonly name: string;
  readonly operation: Operation;
  readonly status: string;
}

/** Every documented status of every operation, from the descriptions. */
export function statusCases(): StatusCase[] {
  return descriptions().operations.flatMap((operation) =>
    operation.statuses.map((status) => ({ name: `${operation.operationId} ${status}`, operation, status })),
  );
}

/** The way to produce a documented status, or null when there is none. */
export function producerOf({ name, operation, status }: StatusCase): Producer | null {
  return SPECIFIC[name] ?? GENERIC[status]?.(operation) ?? null;
}
