/**
 * @jest-environment node
 *
 * The contract suite against a base URL, as `CONTRACT_BASE_URL` runs it: here a sandbox served on a port of
 * this machine, spoken to over HTTP, with a row, an edge and a status of the generated suite.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createSandbox } from '../../../sandbox/app';
import { descriptions } from '../check';
import { Client, codeOf } from '../client';
import { RECIPES } from '../edges';
import { rowCases, runRow } from '../rows';
import { targetFrom } from '../target';
import { World } from '../world';

let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  const sandbox = createSandbox({ timing: { reviewMs: 100, acknowledgeMs: 100, fillMs: 300 }, rateLimit: false });
  server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  baseUrl = `http://localhost:${(server.address() as AddressInfo).port}/v1`;
});

jest.setTimeout(20_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const remote = () =>
  targetFrom(
    {
      CONTRACT_BASE_URL: `${baseUrl}/`,
      CONTRACT_CLIENT_ID: 'sandbox-demo',
      CONTRACT_CLIENT_SECRET: 'sandbox-demo-secret',
      CONTRACT_POLL_MS: '20',
      CONTRACT_DEADLINE_MS: '3000',
    },
    descriptions().rateLimit.burst,
  );

describe('a target at a base URL', () => {
  it('needs the client credentials with it, and says which are missing', () => {
    expect(() => targetFrom({ CONTRACT_BASE_URL: baseUrl }, 1)).toThrow(
      /CONTRACT_CLIENT_ID and CONTRACT_CLIENT_SECRET/,
    );
  });

  it('takes its token URL from the base URL, is remote, and uses the rate limit of the descriptions', () => {
    const target = remote();
    expect(target.baseUrl).toBe(baseUrl);
    expect(target.tokenUrl).toBe(new URL('/connect/token', baseUrl).href);
    expect(target.remote).toBe(true);
    expect(target.rateLimitBurst).toBe(descriptions().rateLimit.burst);
  });

  it('runs a row, an edge and a status of the suite over HTTP', async () => {
    const client = new Client(remote());
    const world = new World(client);
    const row = rowCases().find(
      (candidate) => candidate.name === 'orders#placeEquityOrder: A `DAY` or `GTC` order for `XNFL`',
    );
    expect(row).toBeDefined();
    expect(await runRow(world, row!)).toEqual([]);
    const path = await RECIPES['PENDING_NEW -> REJECTED']!(world);
    expect(client.orderHistories.get(path.split('/').pop()!)).toEqual(['PENDING_NEW', 'REJECTED']);
    const unauthenticated = await client.send({ method: 'GET', path: '/accounts/5GT10001', token: null });
    expect([unauthenticated.status, codeOf(unauthenticated), unauthenticated.problems]).toEqual([
      401,
      'UNAUTHENTICATED',
      [],
    ]);
  });
});
