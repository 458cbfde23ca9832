/**
 * @jest-environment node
 *
 * The contract suite, generated from the descriptions: one test per row of `x-sandbox-test-values`, per edge of
 * `x-transitions` and per documented status of every operation, each reached through the API and each answer
 * held to the description; then the rules stated as data (identifiers, replay, trade dates), and the list of
 * what is unreachable, checked. It runs against the local sandbox, or against the sandbox at
 * `CONTRACT_BASE_URL` (README, Local sandbox): there it tells whether that sandbox and the descriptions agree.
 */
import { isObject, type JsonObject } from '../../../openapi/document';
import type { Allocation, Replacement } from '../../../openapi/sandboxBehaviour';
import { descriptions, operationById } from '../check';
import { Client, codeOf, newKey, type Reply } from '../client';
import { MOVES_THE_CLOCK, RECIPES, transitionEdges, type Edge } from '../edges';
import { restAtTheClose, restEndingAtOnce, stopsTrigger } from '../orderRules';
import { cannotRun, rowCases, runRow, type RowCase } from '../rows';
import { baseRequest, buildFixture, producerOf, statusCases, type Fixture, type StatusCase } from '../statuses';
import { targetFrom } from '../target';
import { UNREACHABLE_EDGES, UNREACHABLE_ROWS, UNREACHABLE_STATUSES, type Unreachable } from '../unreachable';
import { World, expectStatus, requestExample, TEST_CASH, withFields } from '../world';

const target = targetFrom(process.env, descriptions().rateLimit.burst);
const { remote } = target;
const client = new Client(target);
const limited = new Client({ ...target, fetch: target.rateLimitedFetch });
const world = new World(client);

jest.setTimeout(remote ? 120_000 : 20_000);

/** The entry of a list that applies to this target, or undefined. */
const entry = (list: Readonly<Record<string, Unreachable>>, name: string): Unreachable | undefined => {
  const found = list[name];
  return found && (!found.remoteOnly || remote) ? found : undefined;
};

const statusEntry = (name: string): Unreachable | undefined => {
  const status = name.split(' ').pop() as string;
  return entry(UNREACHABLE_STATUSES, name) ?? entry(UNREACHABLE_STATUSES, `* ${status}`);
};

/** Fails with every way an answer breaks its description. */
function expectValid(replies: readonly Reply[]): void {
  expect(replies.flatMap((reply) => reply.problems)).toEqual([]);
}

const HOW_TO = 'write how in tests/contract/ or list it in tests/contract/unreachable.ts with the reason';

// ---------------------------------------------------------------------------------------------------------------

const rows = rowCases();
const rowsNow = rows.filter((rowCase) => !rowCase.row.expect.after);
const rowsLater = rows.filter((rowCase) => rowCase.row.expect.after);

async function rowTest(rowCase: RowCase): Promise<void> {
  const unreachable = entry(UNREACHABLE_ROWS, rowCase.name);
  const why = cannotRun(rowCase);
  if (unreachable) {
    if (why) return;
    // Listed, yet runnable: it must still fail, or the entry is stale.
    const wrong = await runRow(world, rowCase);
    expect({ row: rowCase.name, stillUnreachable: wrong.length > 0 }).toEqual({
      row: rowCase.name,
      stillUnreachable: true,
    });
    return;
  }
  if (why) throw new Error(`${rowCase.name}: no way to run this row (${why}); ${HOW_TO}`);
  expect(await runRow(world, rowCase)).toEqual([]);
}

describe(`x-sandbox-test-values at ${target.name}`, () => {
  it.each(rowsNow.map((rowCase) => [rowCase.name, rowCase] as const))('%s', (_, rowCase) => rowTest(rowCase));
});

// ---------------------------------------------------------------------------------------------------------------

const edges = transitionEdges();

async function edgeTest(edge: Edge): Promise<void> {
  const recipe = RECIPES[edge];
  const unreachable = entry(UNREACHABLE_EDGES, edge);
  const [from, to] = edge.split(' -> ');
  const passed = (path: string) => {
    const history = client.orderHistories.get(path.split('/').pop() as string) ?? [];
    return history.some((status, index) => status === from && history[index + 1] === to);
  };
  if (unreachable) {
    if (!recipe) return;
    let reached = false;
    try {
      reached = passed(await recipe(world));
    } catch (error) {
      if (process.env.CONTRACT_DEBUG) console.log(edge, (error as Error).message);
      reached = false;
    }
    expect({ edge, reached, reason: unreachable.reason }).toEqual({ edge, reached: false, reason: unreachable.reason });
    return;
  }
  if (!recipe) throw new Error(`${edge}: no recipe reaches this edge of x-transitions; ${HOW_TO}`);
  const path = await recipe(world);
  const history = client.orderHistories.get(path.split('/').pop() as string);
  expect({ edge, passed: passed(path), history }).toEqual({ edge, passed: true, history });
}

describe(`x-transitions at ${target.name}`, () => {
  it.each(edges.filter((edge) => !MOVES_THE_CLOCK.has(edge)))('%s', (edge) => edgeTest(edge));
});

// ---------------------------------------------------------------------------------------------------------------

const statuses = statusCases();
/** Wipes the client's state: last. */
const LAST = 'resetSandbox 200';
let fixture: Fixture | undefined;
/** The status tests that ran (a filtered run checks no coverage). */
const statusesRun = new Set<string>();

async function statusTest(statusCase: StatusCase): Promise<void> {
  statusesRun.add(statusCase.name);
  const producer = producerOf(statusCase);
  const unreachable = statusEntry(statusCase.name);
  if (!producer) {
    if (unreachable) return;
    throw new Error(`${statusCase.name}: no way to produce this documented status; ${HOW_TO}`);
  }
  fixture ??= await buildFixture(world);
  const reply = await producer({ world, fixture, limited }, statusCase.operation);
  if (unreachable) {
    expect({ status: statusCase.name, answered: reply.status }).not.toEqual({
      status: statusCase.name,
      answered: Number(statusCase.status),
    });
    return;
  }
  expect({ status: reply.status, body: reply.json }).toEqual({ status: Number(statusCase.status), body: reply.json });
  expectValid([reply]);
}

describe(`documented statuses at ${target.name}`, () => {
  it.each(statuses.filter(({ name }) => name !== LAST).map((statusCase) => [statusCase.name, statusCase] as const))(
    '%s',
    (_, statusCase) => statusTest(statusCase),
  );
});

// ---------------------------------------------------------------------------------------------------------------

describe(`the rules stated as data at ${target.name}`, () => {
  it('x-identifier-errors: a path identifier that is malformed or unknown gets 404 NOT_FOUND on every operation', async () => {
    fixture ??= await buildFixture(world);
    const current = fixture;
    const wrong: string[] = [];
    const replies: Reply[] = [];
    for (const operation of descriptions().operations.filter((candidate) => candidate.pathParameterNames.length > 0)) {
      for (const name of operation.pathParameterNames) {
        const unknown = baseRequest(operation, current, [name]);
        const values = unknown.path.split('/');
        values[operation.path.split('/').indexOf(`{${name}}`)] = 'no%20such%20id';
        for (const request of [unknown, { ...unknown, path: values.join('/') }]) {
          const reply = await client.send(request);
          replies.push(reply);
          if (reply.status !== 404 || codeOf(reply) !== 'NOT_FOUND') {
            wrong.push(
              `${operation.operationId} ${operation.method} ${request.path}: ${reply.status} ${codeOf(reply) ?? ''}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expectValid(replies);
  });

  it('x-replay: a 4xx is stored for its key and replayed, even after the situation changed', async () => {
    const account = await world.account('ACTIVE', false);
    const key = newKey();
    const body = {
      accountNumber: account.accountNumber,
      symbol: 'XMPL',
      side: 'BUY',
      type: 'MARKET',
      quantity: '10',
      timeInForce: 'DAY',
    };
    const first = await client.send({ method: 'POST', path: '/orders/equity', body, headers: key });
    expect([first.status, codeOf(first)]).toEqual([422, 'INSUFFICIENT_BUYING_POWER']);
    await world.deposit(account.accountNumber, TEST_CASH);
    const retry = await client.send({ method: 'POST', path: '/orders/equity', body, headers: key });
    expect([retry.status, codeOf(retry)]).toEqual([422, 'INSUFFICIENT_BUYING_POWER']);
    const other = await client.send({
      method: 'POST',
      path: '/orders/equity',
      body: { ...body, quantity: '11' },
      headers: key,
    });
    expect([other.status, codeOf(other)]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const fresh = await client.send({ method: 'POST', path: '/orders/equity', body, headers: newKey() });
    expect(fresh.status).toBe(201);
    expectValid([first, retry, other, fresh]);
  });

  it('x-replacement: a replacement carries the fills and the clientOrderId, and the two orders name each other', async () => {
    const rule = operationById('updateEquityOrder').definition['x-replacement'] as Replacement;
    const account = await world.account();
    const path = await world.equityOrder(account, {
      symbol: 'XPRT',
      quantity: '300',
      clientOrderId: 'contract-replace',
    });
    const original = await world.orderIn(path, 'PARTIALLY_FILLED');
    expect(rule.from).toContain('PARTIALLY_FILLED');
    expectStatus(await client.send({ method: 'PATCH', path, body: { quantity: '400' } }), 202, 'replace');
    const replaced = await world.orderIn(path, 'REPLACED');
    const next = expectStatus(
      await client.send({ method: 'GET', path: `/orders/equity/${String(replaced.json[rule.links.original])}` }),
      200,
      'get the replacement',
    );
    const carried = Object.fromEntries(rule.carries.map((field) => [field, next.json[field]]));
    expect(carried).toEqual(Object.fromEntries(rule.carries.map((field) => [field, original.json[field]])));
    expect(next.json[rule.links.replacement]).toBe(original.json.orderId);
    // quantity is the new total including the fills: 400 in all, 150 filled, 250 left.
    expect([next.json.quantity, next.json.leavesQuantity]).toEqual([
      '400',
      String(400 - Number(original.json.filledQuantity)),
    ]);
    expectValid([original, replaced, next]);
  });

  it('x-allocation: a block allocates once it is final with fills, once only, into FILLED allocation orders', async () => {
    const rule = operationById('allocateBlockEquityOrder').definition['x-allocation'] as Allocation;
    const accounts = [await world.account(), await world.account()];
    const place = async (symbol: string) => {
      const body = withFields(requestExample('placeBlockEquityOrder'), {
        accountNumbers: accounts.map((account) => account.accountNumber),
        clientOrderId: null,
        symbol,
        type: 'MARKET',
        limitPrice: null,
        quantity: '10',
      });
      const placed = await client.send({ method: 'POST', path: '/orders/equity/block', body, headers: newKey() });
      return `/orders/equity/${String(expectStatus(placed, 201, 'place a block').json.orderId)}`;
    };
    const allocate = (path: string, quantities: string[]) =>
      client.send({
        method: 'POST',
        path: `${path}/allocations`,
        body: {
          allocations: quantities.map((quantity, index) => ({
            accountNumber: accounts[index].accountNumber,
            quantity,
          })),
        },
        headers: newKey(),
      });
    const [otherwiseStatus, otherwiseCode] = rule.otherwise.split(' ');
    const [againStatus, againCode] = rule.again.split(' ');
    // Still working with fills (PARTIALLY_FILLED is not one of the statuses it allocates from).
    const partial = await place('XPRT');
    await world.orderIn(partial, 'PARTIALLY_FILLED');
    expect(rule.from.status).not.toContain('PARTIALLY_FILLED');
    const early = await allocate(partial, ['5']);
    expect([early.status, codeOf(early)]).toEqual([Number(otherwiseStatus), otherwiseCode]);
    const filled = await place('XMPL');
    const block = await world.orderIn(filled, 'FILLED');
    const first = expectStatus(await allocate(filled, ['6', '4']), 201, 'allocate');
    const again = await allocate(filled, ['6', '4']);
    expect([again.status, codeOf(again)]).toEqual([Number(againStatus), againCode]);
    const children = await Promise.all(
      (Array.isArray(first.json.allocations) ? first.json.allocations.filter(isObject) : []).map((allocation) =>
        client.send({ method: 'GET', path: `/orders/equity/${String(allocation.orderId)}` }),
      ),
    );
    expect(children).toHaveLength(2);
    for (const child of children) {
      expect({ kind: child.json.kind, status: child.json.status, link: child.json[rule.creates.link] }).toEqual({
        kind: rule.creates.kind,
        status: rule.creates.status,
        link: block.json.orderId,
      });
      for (const field of rule.creates.sameAsBlock) expect(child.json[field]).toEqual(block.json[field]);
    }
    expectValid([early, block, first, again, ...children]);
  });

  it('x-time-in-force: what an IOC or FOK order does not fill at once ends at once, all of it for FOK', async () => {
    expect(await restEndingAtOnce(world, await world.account())).toEqual([]);
  });

  it('x-stop-trigger: a buy stop triggers at or above its stop, a sell at or below; STOP_LIMIT then works as a limit', async () => {
    expect(await stopsTrigger(world, await world.account())).toEqual([]);
  });

  it('x-dates: a trade is dated by its US Eastern business date and settles one business day later', async () => {
    const trade = descriptions().schema('accounts', 'Trade');
    const rule = trade['x-dates'] as { tradeDate: { timeZone: string }; settlementDate: { businessDaysAfter: number } };
    const account = await world.account();
    const path = await world.equityOrder(account, { symbol: 'XMPL', type: 'MARKET', limitPrice: null });
    await world.orderIn(path, 'FILLED');
    const trades = expectStatus(
      await client.send({
        method: 'GET',
        path: `/accounts/${account.accountNumber}/activity/trades?from=2000-01-01&to=2099-12-31`,
      }),
      200,
      'list trades',
    );
    const data = (Array.isArray(trades.json.data) ? trades.json.data : []).filter(isObject) as JsonObject[];
    expect(data.length).toBeGreaterThan(0);
    const wrong = data.flatMap((item) => {
      const tradeDate = businessDate(Date.parse(String(item.executedAt)), rule.tradeDate.timeZone);
      const settlementDate = addBusinessDays(tradeDate, rule.settlementDate.businessDaysAfter);
      return item.tradeDate === tradeDate && item.settlementDate === settlementDate
        ? []
        : [
            `${String(item.executedAt)}: ${String(item.tradeDate)}/${String(item.settlementDate)}, not ${tradeDate}/${settlementDate}`,
          ];
    });
    expect(wrong).toEqual([]);
    expectValid([trades]);
  });
});

const DAY_MS = 86_400_000;
const isWeekend = (day: number) => [0, 6].includes(new Date(day).getUTCDay());

/** The business date of a moment in a time zone: its date there, a Saturday or Sunday moved to the Monday. */
function businessDate(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  let day = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  while (isWeekend(day)) day += DAY_MS;
  return new Date(day).toISOString().slice(0, 10);
}

function addBusinessDays(date: string, count: number): string {
  let day = Date.parse(`${date}T00:00:00Z`);
  for (let left = count; left > 0;) {
    day += DAY_MS;
    if (!isWeekend(day)) left -= 1;
  }
  return new Date(day).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------------

describe(`what needs sandbox time, at ${target.name} (after the rest: it moves the clock)`, () => {
  const cases = [
    ...rowsLater.map((rowCase) => [rowCase.name, () => rowTest(rowCase)] as const),
    ...edges.filter((edge) => MOVES_THE_CLOCK.has(edge)).map((edge) => [edge, () => edgeTest(edge)] as const),
  ];
  it.each(cases)('%s', (_, run) => run());
});

describe(`the close, at ${target.name} (after the rest: it moves the clock)`, () => {
  it('x-time-in-force: a DAY order ends at the close of its trade date, a GTC order works on', async () => {
    expect(await restAtTheClose(world, await world.account())).toEqual([]);
  });
});

describe(`the reset, at ${target.name} (last: it wipes the client's state)`, () => {
  it(LAST, () => statusTest(statuses.find(({ name }) => name === LAST) as StatusCase));
});

// ---------------------------------------------------------------------------------------------------------------

describe('the list of what is unreachable', () => {
  it('names only rows, edges and documented statuses that exist', () => {
    const rowNames = new Set(rows.map((rowCase) => rowCase.name));
    const edgeNames = new Set<string>(edges);
    const statusNames = new Set(statuses.map(({ name }) => name));
    const statusCodes = new Set(statuses.map(({ status }) => status));
    expect({
      rows: Object.keys(UNREACHABLE_ROWS).filter((name) => !rowNames.has(name)),
      edges: Object.keys(UNREACHABLE_EDGES).filter((name) => !edgeNames.has(name)),
      statuses: Object.keys(UNREACHABLE_STATUSES).filter((name) =>
        name.startsWith('* ') ? !statusCodes.has(name.slice(2)) : !statusNames.has(name),
      ),
    }).toEqual({ rows: [], edges: [], statuses: [] });
  });

  it('holds nothing this run reached anyway (take such an entry off the list)', () => {
    const seen = new Set([...client.statusesSeen, ...limited.statusesSeen]);
    const transitions = client.transitionsSeen();
    expect({
      edges: Object.keys(UNREACHABLE_EDGES).filter((edge) => entry(UNREACHABLE_EDGES, edge) && transitions.has(edge)),
      statuses: Object.keys(UNREACHABLE_STATUSES).filter(
        (name) => !name.startsWith('* ') && entry(UNREACHABLE_STATUSES, name) && seen.has(name),
      ),
    }).toEqual({ edges: [], statuses: [] });
  });

  it('leaves every status not listed seen in this run', () => {
    if (statusesRun.size < statuses.length) return;
    const seen = new Set([...client.statusesSeen, ...limited.statusesSeen]);
    expect(statuses.filter(({ name }) => !statusEntry(name) && !seen.has(name)).map(({ name }) => name)).toEqual([]);
  });
});
