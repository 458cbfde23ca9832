import {
  API_NAMES,
  loadBundled,
  loadDereferenced,
  operationsOf,
  API_VERSIONS,
  apisIn,
  type ApiName,
  type JsonObject,
  type Operation,
} from '../../../openapi/descriptions';
import { TOKEN_URL } from '../../../contracts/facts';
import { computeChangelog } from '../../../openapi/changes/changelog';
import { compareVersions } from '../../../openapi/changes/released';
import { docsFiles, readPage, type DocsPage } from '../docsPages';

/**
 * The developer journey (sandbox test values, the first test order, the changelog) against the API
 * descriptions: every value, request and version these pages name must be one the descriptions define.
 */

const bundled = Object.fromEntries(API_NAMES.map((api) => [api, loadBundled(api, { dereferenced: false })])) as Record<
  ApiName,
  JsonObject
>;
const dereferenced = Object.fromEntries(API_NAMES.map((api) => [api, loadDereferenced(api)])) as Record<
  ApiName,
  JsonObject
>;
const operations: Operation[] = API_NAMES.flatMap((api) => operationsOf(api, dereferenced[api]));

/** `api#Schema` -> the values of that enumeration. */
const enums = new Map<string, string[]>(
  API_NAMES.flatMap((api) =>
    Object.entries(((bundled[api].components as JsonObject).schemas ?? {}) as Record<string, JsonObject>)
      .filter(([, schema]) => Array.isArray(schema.enum))
      .map(([name, schema]): [string, string[]] => [`${api}#${name}`, (schema.enum as unknown[]).map(String)]),
  ),
);
const enumValues = new Set([...enums.values()].flat());

interface SandboxTestValue {
  readonly when: string;
  readonly outcome: Record<string, string>;
}

/** The `x-sandbox-test-values` of each operation that has them, by `api#operationId`. */
const sandboxTestValues = new Map<string, SandboxTestValue[]>(
  operations
    .filter((operation) => Array.isArray(operation.definition['x-sandbox-test-values']))
    .map((operation): [string, SandboxTestValue[]] => [
      `${operation.api}#${operation.operationId}`,
      operation.definition['x-sandbox-test-values'] as SandboxTestValue[],
    ]),
);

/** Values in backticks, such as `XPRT` in "Any order for `XPRT`". */
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** The pages of the journey: everything they name must exist in the descriptions. */
const JOURNEY_PAGES = [
  'getting-started/first-test-order.mdx',
  'getting-started/sandbox.mdx',
  'getting-started/changelog.mdx',
  'accounts-api/endpoints/sandbox-deposit.mdx',
  'accounts-api/endpoints/sandbox-reset.mdx',
];
const journeyPages = JOURNEY_PAGES.map(readPage);

/** The page without its fenced code blocks. */
const withoutCode = (page: DocsPage): string =>
  page.source.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '');

describe('the sandbox test values', () => {
  it('are listed by the operations they apply to, with outcomes that are values of the named enumerations', () => {
    expect([...sandboxTestValues.keys()].sort()).toEqual(['onboarding#openAccount', 'orders#placeEquityOrder']);
    const wrong = [...sandboxTestValues].flatMap(([where, rows]) =>
      rows.flatMap((row) =>
        Object.entries(row.outcome).flatMap(([schema, value]) =>
          enums.get(schema)?.includes(value) ? [] : [`${where} "${row.when}": ${value} is not a value of ${schema}`],
        ),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('force every onboarding outcome: each application status, required action and rejection reason', () => {
    const outcomes = (sandboxTestValues.get('onboarding#openAccount') ?? []).flatMap((row) =>
      Object.values(row.outcome),
    );
    const needed = [
      'accounts#ApplicationStatus',
      'accounts#RequiredActionType',
      'accounts#RejectionReasonCode',
    ].flatMap((schema) => enums.get(schema) ?? [`(no ${schema})`]);
    expect(needed.filter((value) => !outcomes.includes(value))).toEqual([]);
  });

  it('force each fill behavior and every rejection the single equity order documents', () => {
    const placeEquityOrder = operations.find((operation) => operation.operationId === 'placeEquityOrder')!;
    const unprocessable = ((placeEquityOrder.definition.responses as JsonObject)['422'] as JsonObject)
      .content as Record<string, JsonObject>;
    const rejections = Object.values(unprocessable).flatMap((media) =>
      Object.values((media.examples ?? {}) as Record<string, { value: { error: { code: string } } }>).map(
        (example) => example.value.error.code,
      ),
    );
    expect(rejections.length).toBeGreaterThan(5);
    const fills = ['FILLED', 'PARTIALLY_FILLED', 'NEW', 'REJECTED'];
    const outcomes = (sandboxTestValues.get('orders#placeEquityOrder') ?? []).flatMap((row) =>
      Object.values(row.outcome),
    );
    expect([...fills, ...rejections].filter((value) => !outcomes.includes(value))).toEqual([]);
  });

  it('are shown on the docs exactly as the descriptions list them', () => {
    const tables = docsFiles()
      .map(readPage)
      .flatMap((page) =>
        page.tables
          .filter((table) => table.marker?.startsWith('sandbox-test-values:'))
          .map((table) => ({
            where: `${page.file}:${table.line}`,
            source: table.marker!.slice('sandbox-test-values:'.length).trim(),
            rows: table.rows.slice(1).map((cells) => ({ when: cells[0], outcome: codeSpans(cells[1] ?? '') })),
          })),
      );
    expect(tables.map((table) => table.source).sort()).toEqual([...sandboxTestValues.keys()].sort());
    const wrong = tables.flatMap((table) => {
      const listed = sandboxTestValues.get(table.source) ?? [];
      const shown = table.rows.map((row) => `${row.when} => ${[...row.outcome].sort().join(', ')}`);
      const expected = listed.map((row) => `${row.when} => ${Object.values(row.outcome).sort().join(', ')}`);
      return shown.join('\n') === expected.join('\n')
        ? []
        : [
            `${table.where} differs from ${table.source}:\n  shown:    ${shown.join('\n            ')}\n  listed:   ${expected.join('\n            ')}`,
          ];
    });
    expect(wrong).toEqual([]);
  });
});

describe('the journey pages', () => {
  /** Test symbols and names the descriptions define in their sandbox test values. */
  const testValues = new Set(
    [...sandboxTestValues.values()].flatMap((rows) => rows.flatMap((row) => codeSpans(row.when))),
  );

  it('name only statuses, reasons and codes that the descriptions define', () => {
    // The variables a page's samples keep IDs in (`save="ORDER_ID=orderId"`) are named in its prose too.
    const keptVariables = (page: DocsPage) =>
      new Set(
        [...page.source.matchAll(/\bsave="([^"]*)"/g)].flatMap(([, pairs]) =>
          pairs.split(',').map((pair) => pair.split('=')[0].trim()),
        ),
      );
    const unknown = journeyPages.flatMap((page) =>
      codeSpans(withoutCode(page))
        .filter((span) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(span))
        .filter((span) => !enumValues.has(span) && !testValues.has(span) && !keptVariables(page).has(span))
        .map((span) => `${page.file}: ${span}`),
    );
    expect(unknown).toEqual([]);
  });

  /** Each version's operations; a path without a version prefix is v1's. */
  const operationsByVersion = new Map<string, readonly Operation[]>(
    API_VERSIONS.map((version) => [
      version,
      apisIn(version).flatMap((api) => operationsOf(api, loadDereferenced(api, version))),
    ]),
  );

  /**
   * `POST /orders/equity/{orderId}` matches `POST /orders/equity/0c4f…` and the template itself; `POST /v2/orders/…`
   * matches v2's operations.
   */
  const matchesOperation = (method: string, path: string): boolean => {
    const [, version = 'v1', rest = path] = /^\/(v\d+)(\/.*)$/.exec(path) ?? [];
    return (operationsByVersion.get(version) ?? []).some(
      (operation) =>
        operation.method === method &&
        new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(rest.replace(/\/$/, '')),
    );
  };

  it('call only operations that exist in a description, in the prose and in their code blocks', () => {
    const servers = new Set(
      API_NAMES.flatMap((api) => ((dereferenced[api].servers ?? []) as { url: string }[]).map((server) => server.url)),
    );
    const calls = journeyPages.flatMap((page) => {
      const inProse = [...withoutCode(page).matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s?]*)[^`]*`/g)].map(
        (match) => ({ method: match[1], path: match[2] }),
      );
      const inCode = page.codeBlocks.flatMap((block) =>
        [...block.code.matchAll(/curl\b([^\n]*(?:\\\n[^\n]*)*)/g)].flatMap((call) => {
          const url = /"(https:\/\/[^"]+)"/.exec(call[1])?.[1] ?? '';
          const server = [...servers].find((candidate) => url.startsWith(candidate));
          if (!server) return [];
          const method = /-X\s+([A-Z]+)/.exec(call[1])?.[1] ?? 'GET';
          return [{ method, path: new URL(url).pathname.slice(new URL(server).pathname.length) }];
        }),
      );
      return [...inProse, ...inCode].map((call) => ({ ...call, file: page.file }));
    });
    expect(calls.length).toBeGreaterThan(3);
    const missing = calls
      .filter((call) => !matchesOperation(call.method, call.path))
      .map((call) => `${call.file}: ${call.method} ${call.path}`);
    expect(missing).toEqual([]);
  });

  it('request tokens from the token URL the descriptions give', () => {
    const tokenUrls = new Set(
      API_NAMES.map((api) => {
        const schemes = (dereferenced[api].components as JsonObject).securitySchemes as Record<string, JsonObject>;
        return String(
          ((schemes.clientCredentials.flows as JsonObject).clientCredentials as JsonObject).tokenUrl ?? '(none)',
        );
      }),
    );
    expect(tokenUrls.size).toBe(1);
    const used = journeyPages.flatMap((page) =>
      page.codeBlocks.flatMap((block) => [...block.code.matchAll(/https:\/\/id\.[^"\s}]+/g)].map((match) => match[0])),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((url) => !tokenUrls.has(url))).toEqual([]);
  });

  /** The steps of a page in reading order: a token request (`token`), then each `<RequestSamples>` by operation. */
  const stepsOf = (page: DocsPage): { step: string; example?: string; offset: number }[] =>
    [
      ...page.codeBlocks
        .filter((block) => block.code.includes(TOKEN_URL))
        .map((block) => ({ step: 'token', offset: page.source.indexOf(block.code) })),
      ...[...page.source.matchAll(/<RequestSamples operationId="([^"]+)"(?:[^>]*?\bexample="([^"]+)")?/g)].map(
        (match) => ({ step: match[1], example: match[2], offset: match.index }),
      ),
    ].sort((a, b) => a.offset - b.offset);

  it('take the first test order from a token and a reserved number to a fill and a cancel, in that order', () => {
    const quickStart = journeyPages.find((page) => page.file === 'getting-started/first-test-order.mdx')!;
    expect(stepsOf(quickStart).map(({ step }) => step)).toEqual([
      'token',
      'reserveAccountNumber',
      'openAccount',
      'getOnboardingResult',
      'createSandboxDeposit',
      'placeEquityOrder',
      'getEquityOrder',
      'placeEquityOrder',
      'cancelEquityOrder',
      'getEquityOrder',
    ]);
  });

  it('reserve an account number for the same account type before an application that sends one', () => {
    const openAccount = operations.find((operation) => operation.operationId === 'openAccount')!;
    const reserve = operations.find((operation) => operation.operationId === 'reserveAccountNumber')!;
    const bodyExample = (operation: Operation, name?: string): JsonObject => {
      const media = (((operation.definition.requestBody as JsonObject).content as JsonObject)['application/json'] ??
        {}) as JsonObject;
      if (!name) return (media.example ?? Object.values((media.examples ?? {}) as JsonObject)[0]) as JsonObject;
      return ((media.examples as Record<string, JsonObject>)[name]?.value ?? {}) as JsonObject;
    };
    // Every page that walks through opening an account step by step.
    const walkThroughs = [...journeyPages, readPage('accounts-api/guides/open-account-process.mdx')];
    const checked = walkThroughs.flatMap((page) => {
      const steps = stepsOf(page);
      return steps.flatMap((step, index) => {
        if (step.step !== 'openAccount') return [];
        const application = bodyExample(openAccount, step.example);
        if (!application.accountNumber) return [];
        const reservations = steps
          .slice(0, index)
          .filter((earlier) => earlier.step === 'reserveAccountNumber')
          .map((earlier) => bodyExample(reserve, earlier.example).accountType);
        return [
          reservations.includes(application.accountType)
            ? 'reserved'
            : `${page.file}: openAccount (${step.example ?? 'first example'}) sends accountNumber ${String(application.accountNumber)} with no ${String(application.accountType)} reservation before it`,
        ];
      });
    });
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.filter((result) => result !== 'reserved')).toEqual([]);
  });
});

describe('the changelog', () => {
  const changelog = readPage('getting-started/changelog.mdx');
  const releases = computeChangelog();
  const notes = [...changelog.source.matchAll(/^<ReleaseNote api="([^"]*)" version="([^"]*)">$/gm)].map(
    ([, api, version]) => `${api} ${version}`,
  );

  it('is computed from the released descriptions: days newest first, none in the future, each API newest first', () => {
    const days = releases.map((release) => release.date);
    expect([...days].sort().reverse()).toEqual(days);
    expect(days.filter((day) => day > new Date().toISOString().slice(0, 10))).toEqual([]);
    const out = API_NAMES.flatMap((api) => {
      const versions = releases.filter((release) => release.api === api).map((release) => release.version);
      return versions.every((version, index) => index === 0 || compareVersions(versions[index - 1], version) > 0)
        ? []
        : [`${api}: ${versions.join(', ')}`];
    });
    expect(out).toEqual([]);
    expect(changelog.source).toMatch(/^<Changelog>$/m);
  });

  it("gives each API's newest entry the version of its description, whose major version is the one in the path", () => {
    const wrong = API_NAMES.flatMap((api) => {
      const info = dereferenced[api].info as JsonObject;
      const newest = releases.find((release) => release.api === api)?.version;
      const major = Number(String(info.version).split('.')[0]);
      const servers = ((dereferenced[api].servers ?? []) as { url: string }[]).filter(
        (server) => !server.url.endsWith(`/v${major}`),
      );
      return [
        ...(newest === info.version
          ? []
          : [`${api}: changelog ${newest ?? 'none'}, description ${String(info.version)}`]),
        ...servers.map((server) => `${api}: server ${server.url} is not /v${major}`),
      ];
    });
    expect(wrong).toEqual([]);
  });

  it('has one note for each release, the why and what to do, and none for a version never released', () => {
    const released = releases.map((release) => `${release.api} ${release.version}`);
    expect(notes.filter((note) => !released.includes(note))).toEqual([]);
    expect(notes.filter((note, index) => notes.indexOf(note) !== index)).toEqual([]);
    expect(released.filter((release) => !notes.includes(release))).toEqual([]);
  });

  it('announces every deprecated operation, which answers with the Deprecation header', () => {
    const wrong = operations
      .filter((operation) => operation.definition.deprecated === true)
      .flatMap((operation) => {
        const responses = Object.entries((operation.definition.responses ?? {}) as Record<string, JsonObject>).filter(
          ([status]) => status.startsWith('2'),
        );
        const withoutHeader = responses
          .filter(([, response]) => !('Deprecation' in ((response.headers ?? {}) as JsonObject)))
          .map(([status]) => `${operation.operationId} ${status} has no Deprecation header`);
        const named = [`${operation.method} ${operation.path}`, `${operation.method} /v1${operation.path}`];
        const announced = named.some((call) => changelog.source.includes(`\`${call}\``))
          ? []
          : [`${operation.operationId} is not in the changelog`];
        return [...withoutHeader, ...announced];
      });
    expect(wrong).toEqual([]);
  });
});

describe('description versions', () => {
  it('are typed only in the changelog (which the check above holds to the descriptions); other pages use <ApiVersion>', () => {
    const typed = docsFiles()
      .filter((file) => file !== 'getting-started/changelog.mdx')
      .map(readPage)
      .flatMap((page) =>
        withoutCode(page)
          .split('\n')
          .filter((line) => /(?<![\d.])\d+\.\d+\.\d+(?![\d.])/.test(line) && !/^\s*(?:import|export)\s/.test(line))
          .map((line) => `${page.file}: ${line.trim().slice(0, 100)}`),
      );
    expect(typed).toEqual([]);
    expect(readPage('getting-started/versioning.mdx').source).toMatch(/<ApiVersion api="\w+" \/>/);
  });
});
