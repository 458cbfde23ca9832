/**
 * How to take an order along each edge of `x-transitions` (`orders#OrderStatus`) through the API: place an
 * order whose test value gives the behaviour, then cancel, replace or wait, and watch its status. Each recipe
 * returns the path of the order to watch; the suite checks that the order was seen in the edge's two statuses
 * one after the other. An edge with no recipe must be in unreachable.ts.
 */
import { closeAfter } from '../../openapi/sandboxBehaviour';
import { descriptions } from './check';
import { timeInForceRules } from './orderRules';
import { expectStatus, type World } from './world';

export type Edge = `${string} -> ${string}`;

/** Every edge of `x-transitions`, from the descriptions. */
export function transitionEdges(): Edge[] {
  return Object.entries(descriptions().orderTransitions).flatMap(([from, targets]) =>
    targets.map((to): Edge => `${from} -> ${to}`),
  );
}

type Recipe = (world: World) => Promise<string>;

async function cancel(world: World, path: string): Promise<void> {
  expectStatus(await world.client.send({ method: 'DELETE', path }), 202, `cancel ${path}`);
}

async function replace(world: World, path: string, fields: Record<string, unknown>): Promise<void> {
  expectStatus(await world.client.send({ method: 'PATCH', path, body: fields }), 202, `replace ${path}`);
}

/** An order that works and never fills (`XNFL`), once it is `NEW`. */
async function working(world: World): Promise<string> {
  const path = await world.equityOrder(await world.account(), { symbol: 'XNFL' });
  await world.orderIn(path, 'NEW');
  return path;
}

/** An order half filled whose rest works (`XPRT`), once it is `PARTIALLY_FILLED`. */
async function partlyFilled(world: World): Promise<string> {
  const path = await world.equityOrder(await world.account(), { symbol: 'XPRT', quantity: '300' });
  await world.orderIn(path, 'PARTIALLY_FILLED');
  return path;
}

const MINUTE_MS = 60_000;

/** Moves the sandbox clock (the clock operation) a minute past the next close that `x-time-in-force` states. */
async function pastTheClose(world: World): Promise<void> {
  await world.moveClockTo(closeAfter(timeInForceRules().close, await world.clock()) + MINUTE_MS);
}

export const RECIPES: Readonly<Partial<Record<Edge, Recipe>>> = {
  'PENDING_NEW -> NEW': async (world) => {
    const path = await world.equityOrder(await world.account(), { symbol: 'XNFL' });
    await world.orderIn(path, 'NEW');
    return path;
  },
  'PENDING_NEW -> REJECTED': async (world) => {
    const path = await world.equityOrder(await world.account(), { symbol: 'XRJT' });
    await world.orderIn(path, 'REJECTED');
    return path;
  },
  'PENDING_NEW -> PENDING_CANCEL': async (world) => {
    const path = await world.equityOrder(await world.account(), { symbol: 'XNFL' });
    await cancel(world, path);
    return path;
  },
  'NEW -> PARTIALLY_FILLED': partlyFilled,
  'NEW -> FILLED': async (world) => {
    const path = await world.equityOrder(await world.account(), { symbol: 'XMPL', type: 'MARKET', limitPrice: null });
    await world.orderIn(path, 'FILLED');
    return path;
  },
  'NEW -> PENDING_REPLACE': async (world) => {
    const path = await working(world);
    await replace(world, path, { quantity: '20' });
    return path;
  },
  'NEW -> PENDING_CANCEL': async (world) => {
    const path = await working(world);
    await cancel(world, path);
    return path;
  },
  // The unfilled rest of an IOC order is canceled (Order lifecycle): an IOC order that cannot fill.
  'NEW -> CANCELED': async (world) => {
    const path = await world.equityOrder(await world.account(), { symbol: 'XNFL', timeInForce: 'IOC' });
    await world.orderIn(path, 'CANCELED');
    return path;
  },
  'NEW -> EXPIRED': async (world) => {
    const path = await working(world);
    await pastTheClose(world);
    await world.orderIn(path, 'EXPIRED');
    return path;
  },
  'PARTIALLY_FILLED -> PENDING_REPLACE': async (world) => {
    const path = await partlyFilled(world);
    await replace(world, path, { quantity: '400' });
    return path;
  },
  'PARTIALLY_FILLED -> PENDING_CANCEL': async (world) => {
    const path = await partlyFilled(world);
    await cancel(world, path);
    return path;
  },
  'PARTIALLY_FILLED -> CANCELED': async (world) => {
    const path = await world.equityOrder(await world.account(), {
      symbol: 'XPRT',
      quantity: '300',
      timeInForce: 'IOC',
    });
    await world.orderIn(path, 'CANCELED');
    return path;
  },
  'PARTIALLY_FILLED -> EXPIRED': async (world) => {
    const path = await partlyFilled(world);
    await pastTheClose(world);
    await world.orderIn(path, 'EXPIRED');
    return path;
  },
  'PENDING_CANCEL -> CANCELED': async (world) => {
    const path = await working(world);
    await cancel(world, path);
    await world.orderIn(path, 'CANCELED');
    return path;
  },
  'PENDING_REPLACE -> REPLACED': async (world) => {
    const path = await working(world);
    await replace(world, path, { quantity: '20' });
    await world.orderIn(path, 'REPLACED');
    return path;
  },
  'PENDING_REPLACE -> PENDING_CANCEL': async (world) => {
    const path = await working(world);
    await replace(world, path, { quantity: '20' });
    await cancel(world, path);
    return path;
  },
};

/** Recipes that move the target's clock: run last, as every later order would meet the moved clock. */
export const MOVES_THE_CLOCK: ReadonlySet<Edge> = new Set(['NEW -> EXPIRED', 'PARTIALLY_FILLED -> EXPIRED']);
