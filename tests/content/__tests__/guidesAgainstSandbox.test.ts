/**
 * The guides run end to end against the local sandbox (sandbox/), as a reader copies them: the quick
 * start, the open-account and update-account guides, and the single equity and option order pages, in
 * page order. Every request block (each `<RequestSamples>` as its curl tab, each ` ```bash ` block that
 * calls curl) runs in bash with only the substitutions the pages tell the reader to make: the local base
 * URL and token URL through the variables the quick start sets (`BASE_URL`, `TOKEN_URL`), the token, and
 * the IDs that earlier responses returned. Each response must match
 * the response the page shows next (status code and the values it states, polling a read until they
 * hold), and every ID a request uses must be one that an earlier response on the page showed.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isObject, type JsonObject } from '../../../openapi/document';
import { requestSamples } from '../../../plugins/remark-api-reference/requestSamples';
import { sampleOptionsOf } from '../../../plugins/remark-api-reference/requestModel';
import { TOKEN_URL } from '../../../contracts/facts';
import { DOCS_DIR } from '../docsPages';
import { allOperations } from '../operations';
import { runBash, startLocalSandbox, type LocalSandbox } from '../sandboxServer';

const operations = new Map(allOperations().map((operation) => [operation.operationId, operation]));

/** A step of a page: a request block, or a response the page shows. */
type Step =
  | { readonly kind: 'request'; readonly line: number; readonly code: string; readonly operationId?: string }
  | { readonly kind: 'response'; readonly line: number; readonly status: number; readonly body: unknown }
  | { readonly kind: 'heading'; readonly line: number };

/** The request blocks and shown responses of a page, in page order. */
function stepsOf(file: string): Step[] {
  const source = readFileSync(path.join(DOCS_DIR, file), 'utf8');
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const pattern = /<RequestSamples\b([^>]*?)\/>|^(`{3,})(\w+)([^\n]*)\n([\s\S]*?)^\2\s*$|^(#{2,4}) /gm;
  return [...source.matchAll(pattern)].flatMap((match): Step[] => {
    const line = lineOf(match.index);
    // A heading ends a step: a response shown under the next heading is another example's.
    if (match[6] !== undefined) return [{ kind: 'heading', line }];
    if (match[1] !== undefined) {
      const attributes = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
      const operation = operations.get(attributes.operationId);
      if (!operation) throw new Error(`${file}:${line}: no operation ${attributes.operationId}`);
      const [curl] = requestSamples(operation, sampleOptionsOf(attributes));
      return [{ kind: 'request', line, code: curl.code, operationId: attributes.operationId }];
    }
    const [, , , lang, meta, code] = match;
    if (lang === 'bash' && /(^|\n)\s*curl\b/.test(code)) return [{ kind: 'request', line, code }];
    const shown = /title="Response (\d{3})/.exec(meta);
    if (lang === 'json' && shown) return [{ kind: 'response', line, status: Number(shown[1]), body: JSON.parse(code) }];
    return [];
  });
}

const isId = (key: string, value: unknown): value is string =>
  typeof value === 'string' && (/Id$/.test(key) || key === 'accountNumber');

/** Pairs each ID a shown response names with the ID at the same place in the actual response. */
function collectIds(shown: unknown, actual: unknown, into: Map<string, string>): void {
  if (Array.isArray(shown) && Array.isArray(actual)) {
    shown.forEach((entry, index) => collectIds(entry, actual[index], into));
  } else if (isObject(shown) && isObject(actual)) {
    for (const [key, value] of Object.entries(shown)) {
      if (isId(key, value) && typeof actual[key] === 'string') into.set(value, actual[key] as string);
      else collectIds(value, actual[key], into);
    }
  }
}

/** The values a shown response states that a reader checks: statuses and quantities, not times or IDs. */
const STATED = [
  'status',
  'type',
  'accountType',
  'symbol',
  'side',
  'quantity',
  'filledQuantity',
  'leavesQuantity',
  'kind',
];
const stated = (body: unknown): Record<string, unknown> =>
  isObject(body) ? Object.fromEntries(STATED.filter((key) => key in body).map((key) => [key, body[key]])) : {};

const ID_PATTERN = /\b(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|5GT\d{5})\b/g;

let sandbox: LocalSandbox;
let origin: string;
let workDir: string;
beforeAll(async () => {
  sandbox = await startLocalSandbox('guides-against-sandbox');
  ({ origin, workDir } = sandbox);
  writeFileSync(path.join(workDir, 'drivers-license.pdf'), '%PDF-1.4\n%%EOF\n');
}, 60_000);
afterAll(() => sandbox?.close());

/** What a reader has after following a page: the token, and the IDs the pages' responses stand for. */
interface Reader {
  token: string;
  readonly ids: Map<string, string>;
  /** The variables the blocks exported (the IDs the quick start keeps), as the reader's shell keeps them. */
  readonly variables: Map<string, string>;
}

interface Result {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Runs a block in bash as copied, with the base URL and token URL of the local sandbox in the variables the
 * quick start sets (a block that ignored them would call the hosted sandbox, which is unreachable here).
 * Asynchronously: the sandbox answers from this same process.
 */
async function run(reader: Reader, code: string): Promise<Result> {
  let command = code;
  for (const [shown, actual] of reader.ids) command = command.split(shown).join(actual);
  const bodyFile = path.join(workDir, 'response');
  // No answer of an earlier block may stand in for this one's.
  rmSync(bodyFile, { force: true });
  rmSync(path.join(workDir, 'headers'), { force: true });
  await runBash(
    sandbox,
    // pipefail: a curl that fails (such as one to the hosted sandbox, unreachable here) fails the block.
    `curl() { command curl --silent --show-error --dump-header "$HEADERS_FILE" "$@" | tee "$RESPONSE_FILE"; }\n${command}\nexport -p > "$VARIABLES_FILE"`,
    {
      env: {
        ...Object.fromEntries(reader.variables),
        ACCESS_TOKEN: reader.token,
        CLIENT_ID: 'sandbox-demo',
        CLIENT_SECRET: 'sandbox-demo-secret',
        RESPONSE_FILE: bodyFile,
        HEADERS_FILE: path.join(workDir, 'headers'),
        VARIABLES_FILE: path.join(workDir, 'variables'),
      },
    },
  );
  // What the block exported stays for the next blocks, as in the reader's terminal.
  for (const [, name, value] of readFileSync(path.join(workDir, 'variables'), 'utf8').matchAll(
    /^declare -x ([A-Z][A-Z0-9_]*)="(.*)"$/gm,
  )) {
    if (/^(?:[A-Z_]+_ID|ACCOUNT_NUMBER)$/.test(name) && name !== 'CLIENT_ID') reader.variables.set(name, value);
  }
  const text = readFileSync(bodyFile, 'utf8');
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(readFileSync(path.join(workDir, 'headers'), 'utf8'))?.[1]);
  return { status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a page: runs its blocks in order and checks each against the response the page shows next. The blocks
 * of the operations in `skip` are left out: a step the page takes only in a state the reader does not reach.
 */
async function follow(reader: Reader, file: string, skip: readonly string[] = []): Promise<string[]> {
  const problems: string[] = [];
  const steps = stepsOf(file);
  const shownIds = new Set<string>(reader.ids.keys());
  for (const [index, step] of steps.entries()) {
    if (step.kind !== 'request' || (step.operationId && skip.includes(step.operationId))) continue;
    const where = `${file}:${step.line}`;
    const unchained = [...new Set(step.code.match(ID_PATTERN) ?? [])].filter((id) => !shownIds.has(id));
    problems.push(...unchained.map((id) => `${where} uses ${id}, which no earlier response on the page showed`));
    const next = steps[index + 1];
    const shown = next?.kind === 'response' ? next : undefined;
    let result = await run(reader, step.code);
    // A read the page says to repeat until a state holds: poll it, as the reader would, for up to 10 s.
    const deadline = Date.now() + 10_000;
    const isRead = /--request GET/.test(step.code);
    while (shown && isRead && JSON.stringify(stated(result.body)) !== JSON.stringify(stated(shown.body))) {
      if (Date.now() > deadline) break;
      await sleep(200);
      result = await run(reader, step.code);
    }
    if (step.code.includes(TOKEN_URL) && isObject(result.body) && typeof result.body.access_token === 'string') {
      reader.token = result.body.access_token;
    }
    if (result.status >= 300 && !shown)
      problems.push(`${where} answered ${result.status}: ${JSON.stringify(result.body)}`);
    if (shown) {
      if (result.status !== shown.status) {
        problems.push(
          `${where} answered ${result.status}, the page shows ${shown.status}: ${JSON.stringify(result.body)}`,
        );
      }
      const expected = stated(shown.body);
      const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, (result.body as JsonObject)[key]]));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(
          `${where}: the page shows ${JSON.stringify(expected)}, the sandbox answered ${JSON.stringify(actual)}`,
        );
      }
      collectIds(shown.body, result.body, reader.ids);
      for (const id of JSON.stringify(shown.body).match(ID_PATTERN) ?? []) shownIds.add(id);
    }
    // What the operation's own example shows (the reference page of the step) counts as shown too.
    if (step.operationId && !shown) {
      const operation = operations.get(step.operationId);
      const responses = (operation?.definition.responses ?? {}) as JsonObject;
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
      const media = isObject(success) && isObject(success.content) ? Object.values(success.content)[0] : undefined;
      const example = isObject(media)
        ? (media.example ??
          Object.values((media.examples ?? {}) as JsonObject).map((entry) => (entry as JsonObject).value)[0])
        : undefined;
      if (example !== undefined) {
        collectIds(example, result.body, reader.ids);
        for (const id of JSON.stringify(example).match(ID_PATTERN) ?? []) shownIds.add(id);
      }
    }
  }
  return problems;
}

/**
 * Calls the sandbox as the reader: to check what a page states in prose after its last block, and to
 * meet a page's prerequisites (a clean sandbox, cash, shares).
 */
async function call(reader: Reader, method: string, pathAndQuery: string, body?: unknown): Promise<JsonObject> {
  const response = await fetch(`${origin}/v1${pathAndQuery}`, {
    method,
    headers: {
      Authorization: `Bearer ${reader.token}`,
      'Idempotency-Key': crypto.randomUUID(),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as JsonObject;
}
const read = (reader: Reader, pathAndQuery: string) => call(reader, 'GET', pathAndQuery);

async function until(reader: Reader, pathAndQuery: string, status: string): Promise<JsonObject> {
  let body = await read(reader, pathAndQuery);
  for (let tries = 0; body.status !== status && tries < 50; tries += 1) {
    await sleep(200);
    body = await read(reader, pathAndQuery);
  }
  return body;
}

/**
 * Opens an account with the description's `individual` example (Jordan Rivera, with his trusted contact Morgan
 * Rivera), on a number the sandbox assigns, and waits for its approval: the account a page's example account plays.
 */
async function openIndividual(reader: Reader): Promise<string> {
  const application = (operations.get('openAccount')?.definition.requestBody as JsonObject).content as JsonObject;
  const individual = structuredClone(
    (((application['application/json'] as JsonObject).examples as JsonObject).individual as JsonObject).value,
  ) as JsonObject;
  delete individual.accountNumber;
  const opened = await call(reader, 'POST', '/accounts', individual);
  await until(reader, `/onboarding/applications/${String(opened.applicationId)}`, 'APPROVED');
  return String(opened.accountNumber);
}

describe('the guides, followed against the local sandbox', () => {
  const reader: Reader = { token: '', ids: new Map(), variables: new Map() };

  it('the quick start reaches FILLED and CANCELED, its IDs chaining from step to step', async () => {
    expect(await follow(reader, 'getting-started/first-test-order.mdx')).toEqual([]);
    // Every ID came from a variable an earlier block kept: none was edited into a block.
    expect([...reader.variables.keys()].sort()).toEqual([
      'ACCOUNT_NUMBER',
      'APPLICATION_ID',
      'ORDER_ID',
      'WORKING_ORDER_ID',
    ]);
    const accountNumber = reader.variables.get('ACCOUNT_NUMBER') as string;
    expect(reader.ids.get('5GT10019')).toBe(accountNumber);
    expect((await read(reader, `/accounts/${accountNumber}`)).status).toBe('ACTIVE');
    const canceled = reader.variables.get('WORKING_ORDER_ID');
    expect((await read(reader, `/orders/equity/${String(canceled)}`)).status).toBe('CANCELED');
    // 10,000.00 of test cash, less 10 XMPL at 185.50.
    expect((await read(reader, `/accounts/${accountNumber}/balances/summary`)).cashBalance).toEqual({
      amount: '8145.00',
      currency: 'USD',
    });
  }, 120_000);

  it('the equity and option order pages place their orders for the account the quick start opened', async () => {
    // Their prerequisites: an ACTIVE account with buying power, and shares for a stop sell and a covered call. The
    // pages' account 5GT10001 is played by the account the quick start opened (5GT10019 on its page).
    const accountNumber = reader.variables.get('ACCOUNT_NUMBER') as string;
    reader.ids.set('5GT10001', accountNumber);
    await call(reader, 'POST', `/sandbox/accounts/${accountNumber}/deposits`, {
      amount: { amount: '100000.00', currency: 'USD' },
    });
    const shares = await call(reader, 'POST', '/orders/equity', {
      accountNumber,
      symbol: 'XMPL',
      side: 'BUY',
      type: 'MARKET',
      quantity: '190',
      timeInForce: 'DAY',
    });
    expect((await until(reader, `/orders/equity/${String(shares.orderId)}`, 'FILLED')).status).toBe('FILLED');
    expect(await follow(reader, 'trading-api/equity/single-equity-order.mdx')).toEqual([]);
    // The covered call is written in a second account, 5GT10002, which holds the shares it covers.
    const second = await openIndividual(reader);
    await call(reader, 'POST', `/sandbox/accounts/${second}/deposits`, {
      amount: { amount: '100000.00', currency: 'USD' },
    });
    const covered = await call(reader, 'POST', '/orders/equity', {
      accountNumber: second,
      symbol: 'XMPL',
      side: 'BUY',
      type: 'MARKET',
      quantity: '100',
      timeInForce: 'DAY',
    });
    expect((await until(reader, `/orders/equity/${String(covered.orderId)}`, 'FILLED')).status).toBe('FILLED');
    reader.ids.set('5GT10002', second);
    expect(await follow(reader, 'trading-api/options/single-option-order.mdx')).toEqual([]);
  }, 120_000);

  it('the open-account guide opens an account from a reserved number, its IDs chaining from step to step', async () => {
    await call(reader, 'POST', '/sandbox/reset');
    reader.ids.clear();
    reader.variables.clear();
    // Step 6 answers the actions of an ACTION_REQUIRED application; the guide's Castellano is approved without
    // any, and an actionId the application never raised is 404 (sandbox/__tests__/onboardingActions.test.ts
    // walks that path).
    expect(await follow(reader, 'accounts-api/guides/open-account-process.mdx', ['addAccountDocument'])).toEqual([]);
    expect([...reader.variables.keys()].sort()).toEqual(['ACCOUNT_NUMBER', 'APPLICATION_ID']);
    const accountNumber = reader.variables.get('ACCOUNT_NUMBER') as string;
    expect(reader.ids.get('5GT10020')).toBe(accountNumber);
    expect(reader.ids.get('8fdaf8a8-208c-457b-8fb6-0680a92aa529')).toBe(reader.variables.get('APPLICATION_ID'));
    // Step 5 polled until APPROVED; the account is then ACTIVE (step 7).
    expect((await read(reader, `/accounts/${accountNumber}`)).status).toBe('ACTIVE');
  }, 120_000);

  it("the update-account guide changes Jordan Rivera's account 5GT10001 and corrects his trusted contact", async () => {
    // The guide's 5GT10001 is Rivera's, opened with the individual example and its trusted contact Morgan Rivera.
    reader.ids.set('5GT10001', await openIndividual(reader));
    expect(await follow(reader, 'accounts-api/guides/update-account-process.mdx')).toEqual([]);
    const account = reader.variables.get('ACCOUNT_NUMBER') as string;
    expect(account).toBe(reader.ids.get('5GT10001'));
    // The correction reached Morgan Rivera's record: the phone of the trustedContactPhone example.
    const parties = (await read(reader, `/accounts/${account}`)).associatedParties as JsonObject[];
    const contact = parties.find((party) => party.partyId === reader.variables.get('TRUSTED_CONTACT_ID'));
    expect([contact?.givenName, contact?.familyName, contact?.phone]).toEqual(['Morgan', 'Rivera', '+12025550199']);
  }, 120_000);
});
