import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_SANDBOX, URL_VARIABLES } from '../../../contracts/facts';
import { DOCS_DIR, readPage } from '../docsPages';

interface Category {
  readonly label: string;
  readonly position: number;
}
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];

/**
 * Statements the pages once contradicted each other on, checked so that the old text cannot come back.
 * The guides' IDs and account numbers are also run against the sandbox by guidesAgainstSandbox.test.ts.
 */
const text = (file: string): string => readPage(file).source;

describe('the docs agree with each other', () => {
  it('say once where account opening lives and what the Account activity section is', () => {
    expect(text('accounts-api/index.mdx')).toMatch(
      /Opening an account \(`POST \/accounts`\) and the three account updates belong to the Onboarding API/,
    );
  });

  it('give on the home page every API section of the sidebar its one-line description, counted as the sidebar shows them', () => {
    const sections = readdirSync(DOCS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(DOCS_DIR, entry.name, '_category_.json')))
      .map((entry) => JSON.parse(readFileSync(path.join(DOCS_DIR, entry.name, '_category_.json'), 'utf8')) as Category)
      .filter((category) => / API$/.test(category.label))
      .sort((a, b) => a.position - b.position)
      .map((category) => category.label);
    expect(sections).toContain('Account activity API');
    const home = readPage('index.mdx');
    const described = home.tables
      .flatMap((table) => table.rows.slice(1))
      .filter(([name, description]) => sections.includes(name) && description.length > 0)
      .map(([name]) => name);
    expect(described).toEqual(sections);
    expect(home.prose).toContain(`The sidebar has ${NUMBER_WORDS[sections.length]} API sections: `);
    expect(home.source).not.toMatch(/The sidebar's fourth section|The sidebar follows the order above/);
  });

  it('state the versioning promises once: security fixes may break /v1, and additions come to the sandbox first', () => {
    const standards = text('getting-started/standards.mdx');
    expect(standards).not.toMatch(/and `\/v1` only changes in ways that keep existing requests working\./);
    expect(standards).toMatch(/except for an urgent security fix/);
    expect(standards).toMatch(/without advance notice in production \(the sandbox gets each addition first/);
    expect(text('getting-started/versioning.mdx')).toMatch(
      /reaches the sandbox at least one week before production, which gets it without advance notice/,
    );
  });

  it('list the sandbox operations under accounts.write and among the POSTs that take an Idempotency-Key', () => {
    const scopeRows = [text('getting-started/authentication.mdx'), text('accounts-api/index.mdx')].map(
      (page) => /^\| `accounts.write` \|.*$/m.exec(page)?.[0] ?? '',
    );
    for (const row of scopeRows) expect(row).toMatch(/add test cash and reset the sandbox/);
    const sandboxRow = /^\| Sandbox only \|.*$/m.exec(text('getting-started/authentication.mdx'))?.[0] ?? '';
    expect(sandboxRow).toMatch(
      /POST \/sandbox\/accounts\/\{accountNumber\}\/deposits`, `POST \/sandbox\/reset` \| `accounts.write`/,
    );
    expect(text('getting-started/standards.mdx')).toMatch(
      /add test cash \(`POST \/sandbox\/accounts\/\{accountNumber\}\/deposits`\) and reset the sandbox \(`POST \/sandbox\/reset`\)/,
    );
  });

  it('say ORDER_NOT_MODIFIABLE is not the answer to a cancel of a pending order, as x-transitions allow it', () => {
    const errors = text('getting-started/standard-errors.mdx');
    expect(errors).not.toMatch(/`ORDER_NOT_MODIFIABLE` means that the order is pending/);
    expect(errors).toMatch(/A cancel is accepted in `PENDING_NEW`, `NEW`, `PARTIALLY_FILLED` and `PENDING_REPLACE`/);
  });

  it('answer a malformed identifier in a path one way on every operation (404 NOT_FOUND), as the sandbox does', () => {
    const formats = text('getting-started/standard-data-format.mdx');
    expect(formats).not.toMatch(/where the operation lists a `400` response/);
    expect(formats).toMatch(
      /In a path, one rule holds on every operation: an identifier that names nothing your firm can see returns `404`/,
    );
    expect(text('getting-started/standard-errors.mdx')).toMatch(/its identifier in the path doesn't match its format/);
  });

  it('give one polling interval for the sandbox (2 s) and send production to the endpoint pages', () => {
    const quickStart = text('getting-started/first-test-order.mdx');
    const sandbox = text('getting-started/sandbox.mdx');
    const result = text('accounts-api/endpoints/onboarding-result.mdx');
    const guide = text('accounts-api/guides/open-account-process.mdx');
    expect(quickStart).not.toMatch(/every few seconds/);
    for (const page of [quickStart, sandbox, result]) expect(page).toMatch(/every 2 seconds/);
    expect(result).toMatch(/In production, poll every 30 seconds for the first 10 minutes/);
    expect(guide).not.toMatch(/Poll every 30 seconds/);
  });

  it('use in the open-account guide the number the reservation returned, in the request and the responses', () => {
    const guide = text('accounts-api/guides/open-account-process.mdx');
    expect(guide).not.toMatch(/5GT10018/);
    expect(guide).toMatch(
      /<RequestSamples operationId="openAccount" example="individualMinimal" variables="accountNumber=ACCOUNT_NUMBER" save="APPLICATION_ID=applicationId" \/>/,
    );
    expect(guide).toMatch(/"applicationId": "8fdaf8a8-208c-457b-8fb6-0680a92aa529"/);
  });

  it('show in the quick start the order IDs that its later steps read and cancel', () => {
    const quickStart = text('getting-started/first-test-order.mdx');
    expect(quickStart).not.toMatch(/3a7e5c1d|6c1a9e3f/);
    // Each order keeps its ID from step to step: the filled order placed and read; the working order placed,
    // canceled and read once more. They are the quick start's own orders: the descriptions' parameter examples
    // (0c4f3a5e…, 9e2d7c41…) are other orders of the example world (tests/content/exampleWorld.ts).
    expect(quickStart.match(/"orderId": "7c1e9a35-2b4d-4f68-9a0c-3e5f7b9d1a26"/g)).toHaveLength(2);
    expect(quickStart.match(/"orderId": "d8f2a4c6-5e7b-4a91-8c3d-6f0b2e4a8c15"/g)).toHaveLength(3);
    expect(quickStart).not.toMatch(/0c4f3a5e|9e2d7c41/);
  });

  it('say in the quick start how to keep the token, make keys without uuidgen and use the local sandbox', () => {
    const quickStart = text('getting-started/first-test-order.mdx');
    expect(quickStart).toMatch(/export ACCESS_TOKEN=\$\(node -p/);
    expect(quickStart).toMatch(/no `uuidgen`/);
    expect(quickStart).toMatch(/npm run sandbox/);
    // The one switch: the variables every sample reads, set to the local sandbox's URLs.
    const switchBlock = readPage('getting-started/first-test-order.mdx').codeBlocks.find((block) =>
      /Point the samples at the local sandbox/.test(block.meta),
    );
    expect(switchBlock?.code).toContain(`export ${URL_VARIABLES.baseUrl}=${LOCAL_SANDBOX.baseUrl}\n`);
    expect(switchBlock?.code).toContain(`export ${URL_VARIABLES.tokenUrl}=${LOCAL_SANDBOX.tokenUrl}\n`);
    expect(text('getting-started/sandbox.mdx')).toMatch(/^## Hosted or local sandbox$/m);
    expect(quickStart).toMatch(/`POST \/accounts` belongs to the Onboarding API description/);
  });
});
