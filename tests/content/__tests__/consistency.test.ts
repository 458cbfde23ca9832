import {
  API_NAMES,
  loadBundled,
  loadDereferenced,
  operationsOf,
  type ApiName,
  type JsonObject,
  type Operation,
} from '../../../openapi/descriptions';
import {
  docsFiles,
  docsRoute,
  headingAnchor,
  isPartial,
  readPage,
  textLines,
  type DocsPage,
  type TextLine,
} from '../docsPages';

/**
 * Checks that keep the pages from contradicting the API descriptions or each other, one for each kind
 * of contradiction a review found. Each reads the descriptions where the truth lives there.
 */

const pages = docsFiles().map(readPage);
const page = (file: string): DocsPage => {
  const found = pages.find((candidate) => candidate.file === file);
  if (!found) throw new Error(`No docs page ${file}`);
  return found;
};
const dereferenced = API_NAMES.map((api) => ({ api, document: loadDereferenced(api) }));
const operations: Operation[] = dereferenced.flatMap(({ api, document }) => operationsOf(api, document));
const schemasOf = (api: ApiName) =>
  ((loadBundled(api, { dereferenced: false }).components as JsonObject).schemas ?? {}) as Record<string, JsonObject>;

/** The docs page an operation's `x-docs-path` names, as a file under docs/. */
const pageOf = (operation: Operation): string | undefined => {
  const route = String(operation.docsPath ?? '').replace(/^\/docs\//, '');
  return docsFiles().find((file) => file === `${route}.mdx` || file === `${route}/index.mdx`);
};

/** Every string in a description, with the JSON path where it is. */
function stringsOf(value: unknown, at = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path: at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${at}/${index}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${at}/${key}`));
  return [];
}

const where = (file: string, line: TextLine) => `${file}:${line.line}: ${line.text.trim().slice(0, 110)}`;
const allLines = () =>
  pages.flatMap((candidate) => textLines(candidate).map((line) => ({ file: candidate.file, line })));

/** (status, code) pairs an operation returns: its response examples and the codes its response descriptions name. */
function errorPairs(operation: Operation): Set<string> {
  const pairs = new Set<string>();
  for (const [status, response] of Object.entries(
    (operation.definition.responses ?? {}) as Record<string, JsonObject>,
  )) {
    for (const match of JSON.stringify(response).matchAll(/"code":"([A-Z][A-Z_]+)"/g))
      pairs.add(`${status} ${match[1]}`);
    for (const match of String(response.description ?? '').matchAll(/`([A-Z][A-Z_]+)`/g))
      pairs.add(`${status} ${match[1]}`);
  }
  return pairs;
}

/** Error table rows of a page: a status cell (`409`) and a code cell (`CONFLICT`). */
function errorRows(candidate: DocsPage): { line: number; status: string; code: string; cells: string[] }[] {
  return candidate.tables.flatMap((table) =>
    table.rows.flatMap((cells, offset) => {
      const status = cells.find((cell) => /^`?[1-5]\d\d`?$/.test(cell))?.replace(/`/g, '');
      const code = cells.map((cell) => /^`([A-Z][A-Z_]+)`$/.exec(cell)?.[1]).find(Boolean);
      return status && code ? [{ line: table.line + offset, status, code, cells }] : [];
    }),
  );
}

describe('idempotency keys in request samples', () => {
  it('are never described as a fixed or shared example key (the samples generate a new key each run)', () => {
    const claims = allLines().filter(({ line }) =>
      /\b(?:same|fixed|one|shared) example (?:`Idempotency-Key`|key)|\bexample key\b|replace the `Idempotency-Key` value/i.test(
        line.text,
      ),
    );
    expect(claims.map(({ file, line }) => where(file, line))).toEqual([]);
  });

  it('are never a literal UUID in a code block (a copied sample must make its own key)', () => {
    const fixed = /Idempotency-Key["']?\s*[:=,]\s*["']?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const wrong = pages.flatMap((candidate) =>
      candidate.codeBlocks.flatMap((block) =>
        block.code
          .split('\n')
          .map((text, offset) => ({ text, line: block.line + 1 + offset }))
          .filter(({ text }) => fixed.test(text))
          .map(({ text, line }) => `${candidate.file}:${line}: ${text.trim()}`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});

describe('validation issues', () => {
  /** The enumeration that `error.details[].issue` points to, per description. */
  const issueEnums = API_NAMES.flatMap((api) => {
    const schemas = schemasOf(api);
    return Object.entries(schemas)
      .filter(([name, schema]) => /Issue$/.test(name) && Array.isArray(schema.enum))
      .map(([name, schema]) => ({ api, name, values: (schema.enum as string[]).map(String) }));
  });
  const orderIssues = issueEnums.find(
    (candidate) => candidate.api === 'orders' && candidate.name !== 'ValidationIssue',
  );
  const otherIssues = issueEnums.find((candidate) => candidate.api === 'accounts');

  it('have one enumeration for the order operations and one for the others, each behind its error details', () => {
    expect(orderIssues?.values.length).toBeGreaterThan(0);
    expect(otherIssues?.values.length).toBeGreaterThan(0);
    // Every issue any example returns is in the enumeration of that description's error details.
    const wrong = dereferenced.flatMap(({ api, document }) =>
      [...JSON.stringify(document.paths).matchAll(/"issue":"([^"]+)"/g)]
        .map((match) => match[1])
        .filter((issue) => !(api === 'orders' ? orderIssues! : otherIssues!).values.includes(issue))
        .map((issue) => `${api}: an example returns issue ${issue}, which its enumeration lacks`),
    );
    expect(wrong).toEqual([]);
  });

  it('named on the standard errors page are exactly those of the descriptions, in one table per enumeration', () => {
    const standardErrors = page('getting-started/standard-errors.mdx');
    const markers = standardErrors.tables.map((table) => table.marker).filter(Boolean);
    expect(markers).toEqual(
      expect.arrayContaining([`enum: accounts#${otherIssues!.name}`, `enum: orders#${orderIssues!.name}`]),
    );
  });

  it('named on any page are values of the enumeration its API uses', () => {
    const wrong = pages.flatMap((candidate) => {
      const allowed = candidate.file.startsWith('trading-api/') ? orderIssues!.values : otherIssues!.values;
      const text = [candidate.source];
      return text.flatMap((source) =>
        [
          ...source.matchAll(
            /"issue":\s*"([a-z_]+)"|`issue`\s+`([a-z_]+)`|\bissue\s+`([a-z_]+)`|\bissue is `([a-z_]+)`/g,
          ),
        ]
          .map((match) => match[1] ?? match[2] ?? match[3] ?? match[4])
          .filter((issue) => !allowed.includes(issue))
          .map((issue) => `${candidate.file}: issue ${issue}`),
      );
    });
    expect(wrong).toEqual([]);
  });
});

describe('error codes and statuses', () => {
  it('on each endpoint page are pairs the description returns for that operation', () => {
    const byPage = new Map<string, Set<string>>();
    for (const operation of operations) {
      const file = pageOf(operation);
      if (!file) continue;
      const pairs = byPage.get(file) ?? new Set<string>();
      errorPairs(operation).forEach((pair) => pairs.add(pair));
      byPage.set(file, pairs);
    }
    expect(byPage.size).toBeGreaterThan(20);
    const wrong = [...byPage].flatMap(([file, pairs]) =>
      errorRows(page(file))
        .filter(({ status, code }) => !pairs.has(`${status} ${code}`))
        .map(({ line, status, code }) => `${file}:${line}: ${status} ${code} is not a response of this operation`),
    );
    expect(wrong).toEqual([]);
  });

  it('in the appendix tables carry the status the error code enumeration gives them', () => {
    const wrong = pages.flatMap((candidate) =>
      candidate.tables
        .filter((table) => table.marker?.startsWith('enum:'))
        .flatMap((table) => {
          const [api, name] = table.marker!.slice('enum:'.length).trim().split('#') as [ApiName, string];
          const descriptions = (schemasOf(api)[name]?.['x-enum-descriptions'] ?? {}) as Record<string, string>;
          return errorRows({ ...candidate, tables: [table] }).flatMap(({ line, status, code }) => {
            const declared = /^(\d{3})\./.exec(descriptions[code] ?? '')?.[1];
            return declared && declared !== status
              ? [`${candidate.file}:${line}: ${code} is ${declared} in ${name}, not ${status}`]
              : [];
          });
        }),
    );
    expect(wrong).toEqual([]);
  });

  it('include the missing Idempotency-Key under 400 INVALID_REQUEST for every operation that takes the key', () => {
    const creating = operations.filter((operation) =>
      ((operation.definition.parameters ?? []) as JsonObject[]).some(
        (parameter) => parameter.name === 'Idempotency-Key',
      ),
    );
    expect(creating.length).toBeGreaterThan(5);
    const wrong = creating.flatMap((operation) => {
      const problems: string[] = [];
      const badRequest = ((operation.definition.responses ?? {}) as Record<string, JsonObject>)['400'];
      const examples = JSON.stringify(badRequest ?? {});
      if (!/"code":"INVALID_REQUEST","message":"[^"]*Idempotency-Key/.test(examples))
        problems.push(`${operation.operationId}: no 400 INVALID_REQUEST example for a missing Idempotency-Key`);
      const file = pageOf(operation);
      const row = file && errorRows(page(file)).find(({ code }) => code === 'INVALID_REQUEST');
      if (file && !row) problems.push(`${file}: no INVALID_REQUEST row`);
      if (file && row && !row.cells.some((cell) => /Idempotency-Key/.test(cell)))
        problems.push(`${file}:${row.line}: INVALID_REQUEST row does not name the missing Idempotency-Key`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});

describe('fractional quantities', () => {
  it('are described as FRACTIONAL_NOT_ALLOWED only with the exception of the operations that answer them with 400', () => {
    // Operations whose examples reject a fractional quantity in validation, with the issue whole_number.
    const validated = operations.filter(
      (operation) =>
        operation.api === 'orders' &&
        /"field":"quantity","issue":"whole_number"/.test(JSON.stringify(operation.definition.responses ?? {})) &&
        /Equity/.test(operation.operationId),
    );
    expect(validated.length).toBeGreaterThan(0);
    const equityCodes = (schemasOf('orders').EquityOrderErrorCode?.['x-enum-descriptions'] ?? {}) as Record<
      string,
      string
    >;
    const texts = [
      { where: 'orders EquityOrderErrorCode', text: equityCodes.FRACTIONAL_NOT_ALLOWED ?? '' },
      ...allLines()
        .filter(({ line }) => /FRACTIONAL_NOT_ALLOWED/.test(line.text) && /\|/.test(line.text))
        .map(({ file, line }) => ({ where: `${file}:${line.line}`, text: line.text })),
    ];
    expect(texts[0].text).not.toBe('');
    const wrong = texts
      .filter(({ text }) => /other than|any order|every order|isn't `MARKET`/i.test(text))
      .filter(({ text }) => !(/block/i.test(text) && /\b400\b/.test(text) && /whole_number/.test(text)))
      .map(({ where: at }) => at);
    expect(wrong).toEqual([]);
  });
});

describe('403 and 404', () => {
  const ownership = /\b(?:isn't|is not|not) (?:yours|your firm's)\b|\banother firm\b|\bother firm\b/i;
  const forbidden = /\b403\b|FORBIDDEN/;

  it('mean permissions and another firm, the same on every page: a 403 is never about whose resource it is', () => {
    const wrong = allLines().filter(
      ({ line }) => forbidden.test(line.text) && ownership.test(line.text) && !/\b404\b|NOT_FOUND/.test(line.text),
    );
    expect(wrong.map(({ file, line }) => where(file, line))).toEqual([]);
  });

  it('mean the same in the descriptions', () => {
    const wrong = operations.flatMap((operation) => {
      const response = ((operation.definition.responses ?? {}) as Record<string, JsonObject>)['403'];
      const text = String(response?.description ?? '');
      return ownership.test(text) && !/\b404\b/.test(text) ? [`${operation.operationId}: ${text}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});

describe('account updates', () => {
  /** The account statuses the update operations' descriptions accept. */
  const updateOperations = operations.filter(
    (operation) => operation.method === 'PATCH' && operation.path.startsWith('/accounts/'),
  );
  const accountStatuses = ((schemasOf('accounts').AccountStatus?.enum ?? []) as string[]).map(String);
  const accepted = new Set(
    updateOperations.flatMap((operation) => {
      const sentence = /Updates are accepted on ([^.:;]*)/.exec(String(operation.definition.description))?.[1] ?? '';
      return [...sentence.matchAll(/`([A-Z_]+)`/g)]
        .map((match) => match[1])
        .filter((status) => accountStatuses.includes(status));
    }),
  );

  it('accept a PENDING account when the descriptions send INFORMATION_REQUIRED answers to them', () => {
    const answeredByUpdates = operations.some(
      (operation) =>
        operation.operationId === 'getOnboardingResult' &&
        /update operation[^.]*`INFORMATION_REQUIRED`|`INFORMATION_REQUIRED`[^.]*update operation/.test(
          String(operation.definition.description),
        ),
    );
    expect(answeredByUpdates).toBe(true);
    expect([...accepted]).toContain('PENDING');
  });

  it('are accepted on the account statuses the descriptions name, and every page that lists them names them all', () => {
    expect(updateOperations.length).toBe(3);
    expect(accountStatuses.length).toBeGreaterThan(0);
    expect(accepted.size).toBeGreaterThan(1);
    const statements = allLines().filter(({ line }) =>
      /updates are accepted (?:on|while)\b|the account is `ACTIVE` or `RESTRICTED`|an account with status `ACTIVE`/i.test(
        line.text,
      ),
    );
    expect(statements.length).toBeGreaterThan(3);
    const wrong = statements.filter(({ line }) => [...accepted].some((status) => !line.text.includes(`\`${status}\``)));
    expect(wrong.map(({ file, line }) => where(file, line))).toEqual([]);
  });
});

describe('reusing a reserved account number', () => {
  const openAccount = operations.find((operation) => operation.operationId === 'openAccount')!;
  /** The response of openAccount with an example for a number an earlier application used: its status and code. */
  const reuse = Object.entries((openAccount.definition.responses ?? {}) as Record<string, JsonObject>).flatMap(
    ([status, response]) =>
      [...JSON.stringify(response).matchAll(/"code":"([A-Z_]+)","message":"[^"]*\balready used\b/g)].map((match) => ({
        status,
        code: match[1],
      })),
  );
  /** A sentence or table row about sending a number that was already used, or using one number twice. */
  const reuseWords =
    /\b(?:already used|used by an earlier|a used number|same number|serves one application|reus(?:e|ing) (?:a|the) (?:reserved )?number)/i;
  const aboutReuse = { test: (text: string) => reuseWords.test(text) && /\bnumber\b|accountNumber/i.test(text) };

  it('is answered by one documented status and code, with an example, and the operation says so', () => {
    expect(reuse).toHaveLength(1);
    const [{ status, code }] = reuse;
    const description = String(openAccount.definition.description);
    expect(description).toMatch(/serves one application/);
    expect(
      description.split('\n').filter((line) => aboutReuse.test(line) && line.includes(`${status} ${code}`)),
    ).not.toEqual([]);
  });

  it('gets the same status and code wherever a page or a description states what it returns', () => {
    const [{ status, code }] = reuse;
    const statuses = /\b[45]\d\d\b/;
    const pageLines = allLines()
      .filter(({ line }) => aboutReuse.test(line.text) && statuses.test(line.text))
      .map(({ file, line }) => ({ at: where(file, line), text: line.text }));
    const descriptionLines = dereferenced.flatMap(({ api, document }) =>
      stringsOf(document.paths).flatMap(({ path: at, text }) =>
        text
          .split(/\n|(?<=\.) /)
          .filter((sentence) => aboutReuse.test(sentence) && statuses.test(sentence))
          .map((sentence) => ({ at: `${api}${at}: ${sentence.slice(0, 110)}`, text: sentence })),
      ),
    );
    const statements = [...pageLines, ...descriptionLines];
    expect(statements.length).toBeGreaterThan(3);
    const wrong = statements.filter(
      ({ text }) => !(text.includes(status) && text.includes(code)) || /\b403\b|FORBIDDEN/.test(text),
    );
    expect(wrong.map(({ at }) => at)).toEqual([]);
  });
});

describe('links', () => {
  it('to docs pages are relative links to .mdx files, never absolute /docs/ paths that break under another base URL', () => {
    const absolute = allLines()
      .filter(({ line }) => /\]\(\/docs\b|(?:href|to)=["']\/docs\b/.test(line.text))
      .map(({ file, line }) => where(file, line));
    const inDiagrams = pages.flatMap((candidate) =>
      candidate.codeBlocks
        .filter((block) => block.lang === 'mermaid' && /\bclick\b.*["']\/docs\b/.test(block.code))
        .map((block) => `${candidate.file}:${block.line}: Mermaid click to /docs`),
    );
    expect([...absolute, ...inDiagrams]).toEqual([]);
  });

  it('from the API descriptions to docs pages point to pages that exist, and to headings they have', () => {
    const routes = new Map(
      pages
        .filter((candidate) => !isPartial(candidate.file))
        .map((candidate) => [docsRoute(candidate.file), candidate]),
    );
    const links = dereferenced.flatMap(({ api, document }) =>
      stringsOf(document).flatMap(({ path: at, text }) =>
        [...text.matchAll(/\]\(\s*<?(\/docs\b[^)\s>]*)|\bhref=["'](\/docs\b[^"']*)/g)].map((match) => ({
          at: `${api}${at}`,
          target: match[1] ?? match[2],
        })),
      ),
    );
    expect(links.length).toBeGreaterThan(50);
    const broken = links.flatMap(({ at, target }) => {
      const [route, anchor] = target.replace(/\?[^#]*/, '').split('#');
      const found = routes.get(route.replace(/\/$/, ''));
      if (!found) return [`${at}: ${target} is no docs page`];
      if (anchor && !found.headings.some((heading) => headingAnchor(heading.text) === anchor))
        return [`${at}: ${target} has no heading #${anchor}`];
      return [];
    });
    expect(broken).toEqual([]);
  });
});

describe('trade corrections', () => {
  const statusValues = (api: ApiName, name: string) => ((schemasOf(api)[name]?.enum ?? []) as string[]).map(String);

  it('are described with the statuses trades and orders have (no reversals unless a status says so)', () => {
    const reversible = [...statusValues('accounts', 'TradeStatus'), ...statusValues('orders', 'OrderStatus')].includes(
      'REVERSED',
    );
    expect(statusValues('accounts', 'TradeStatus').length).toBeGreaterThan(0);
    const wrong = reversible
      ? []
      : allLines().filter(
          ({ line }) =>
            /revers/i.test(line.text) &&
            /\b(?:trades?|allocations?|orders?|fills?|executions?)\b/i.test(line.text) &&
            !/non-trade/i.test(line.text) &&
            !/^#/.test(line.text.trim()),
        );
    expect(wrong.map(({ file, line }) => where(file, line))).toEqual([]);
  });
});

describe('notice of changes', () => {
  it('is what the versioning policy promises: nothing ships "without notice", additions are in the changelog', () => {
    const inPages = allLines()
      .filter(({ line }) => /without (?:any )?notice/i.test(line.text))
      .map(({ file, line }) => where(file, line));
    const inDescriptions = dereferenced.flatMap(({ api, document }) =>
      stringsOf(document)
        .filter(({ text }) => /without (?:any )?notice/i.test(text))
        .map(({ path }) => `${api}${path}`),
    );
    expect([...inPages, ...inDescriptions]).toEqual([]);
    expect(page('getting-started/versioning.mdx').source).toMatch(
      /\| Additive change \| None in production\. The sandbox gets it first: see \[The sandbox first\]\(#the-sandbox-first\)\. \|/,
    );
  });

  // One rule for additions (none in production, a week in the sandbox: said once, under The sandbox first, and linked
  // from wherever additions are promised) and one exception to /v1's stability (an urgent security fix), said wherever
  // it is promised. The changelog's entries record what was said then.
  const promises = () => [
    ...allLines()
      .filter(({ file, line }) => file !== 'getting-started/changelog.mdx' || !line.text.startsWith('- '))
      .map(({ file, line }) => ({ where: where(file, line), text: line.text })),
    ...dereferenced.flatMap(({ api, document }) =>
      stringsOf(document).map(({ path: at, text }) => ({ where: `${api}${at}`, text })),
    ),
  ];

  it('says once, under The sandbox first, how much earlier an addition reaches the sandbox', () => {
    const weeks = promises().filter(({ text }) => /\bweek\b/i.test(text) && /\bsandbox\b/i.test(text));
    expect(weeks.map((promise) => promise.where.replace(/:\d+: .*$/, ''))).toEqual(['getting-started/versioning.mdx']);
    const versioning = page('getting-started/versioning.mdx');
    const section = versioning.headings.find((heading) => heading.text === 'The sandbox first');
    const next = versioning.headings.find((heading) => heading.line > (section?.line ?? Infinity));
    const line = Number(/^[^:]+:(\d+): /.exec(weeks[0].where)?.[1]);
    expect(line).toBeGreaterThan(section?.line ?? Infinity);
    expect(next === undefined || line < next.line).toBe(true);
    expect(weeks[0].text).toMatch(
      /reaches the sandbox at least one week before production, which gets it without advance notice/,
    );
  });

  it('links with every other "without advance notice" to The sandbox first', () => {
    const unnoticed = promises().filter(
      ({ where: at, text }) =>
        /without advance notice/i.test(text) && !at.startsWith('getting-started/versioning.mdx:'),
    );
    expect(unnoticed.length).toBeGreaterThan(3);
    const alone = unnoticed.filter(({ text }) => !/versioning(?:\.mdx)?#the-sandbox-first\)/.test(text));
    expect(alone.map((promise) => promise.where)).toEqual([]);
    expect(page('getting-started/changelog.mdx').prose).toMatch(
      /listed here on the day it ships in production, without advance notice there; it reaches the sandbox first, as \[The sandbox first\]/,
    );
  });

  it("names the urgent security fix wherever it promises /v1's stability", () => {
    const stable = promises().filter(({ text }) =>
      /only (?:make )?additive changes|only changes in ways that keep existing requests|don't remove (?:anything|fields)/i.test(
        text,
      ),
    );
    expect(stable.length).toBeGreaterThan(3);
    expect(stable.filter(({ text }) => !/security fix/.test(text)).map((promise) => promise.where)).toEqual([]);
  });
});

describe('polling orders with search', () => {
  it('infers a final status from a missing order only with a from that covers the order', () => {
    const searchDefaultsToDays = operations
      .filter((operation) => /^search\w+Orders$/.test(operation.operationId))
      .every((operation) =>
        /`from`\s+defaults|defaults? to seven days|covers only seven/.test(String(operation.definition.description)),
      );
    expect(searchDefaultsToDays).toBe(true);
    const wrong = allLines().filter(
      ({ line }) =>
        /(?:drops? out of|no longer in|missing from) (?:the |those )?(?:search )?results/i.test(line.text) &&
        !/`from`/.test(line.text),
    );
    const inDiagrams = pages.flatMap((candidate) =>
      candidate.codeBlocks
        .filter((block) => block.lang === 'mermaid' && /(?:no longer in|missing from) the results/i.test(block.code))
        // Every search message (GET /orders/equity, not /orders/equity/orderId) names its from.
        .filter((block) =>
          block.code
            .split('\n')
            .filter((line) => /GET \/orders\/\w+(?!\/|\w)/.test(line))
            .some((line) => !/\bfrom\b/.test(line)),
        )
        .map((block) => `${candidate.file}:${block.line}: polling diagram without from`),
    );
    expect([...wrong.map(({ file, line }) => where(file, line)), ...inDiagrams]).toEqual([]);
  });
});

describe('sequence diagrams', () => {
  const apiByTitle = new Map(
    dereferenced.map(({ api, document }) => [String((document.info as JsonObject).title), api] as const),
  );
  apiByTitle.set('Trading API', 'orders');
  const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const diagrams = pages.flatMap((candidate) =>
    candidate.codeBlocks
      .filter((block) => block.lang === 'mermaid' && /^\s*sequenceDiagram/.test(block.code))
      .map((block) => ({ where: `${candidate.file}:${block.line}`, lines: block.code.split('\n') })),
  );

  it('send each request to the API whose description has that operation', () => {
    const wrong = diagrams.flatMap(({ where: at, lines }) => {
      const participants = new Map(
        lines.flatMap((line) => {
          const match = /^\s*participant\s+(\S+)\s+as\s+(.+?)\s*$/.exec(line);
          return match ? [[match[1], match[2]] as const] : [];
        }),
      );
      return lines.flatMap((line) => {
        const message = /^\s*\S+?\s*-+>>\s*(\S+?)\s*:\s*(GET|POST|PATCH|PUT|DELETE)\s+\/?([a-z][a-z0-9/{}-]*)/.exec(
          line,
        );
        if (!message) return [];
        const [, target, method, rawPath] = message;
        const api = apiByTitle.get(participants.get(target) ?? '');
        if (!api) return [];
        const path = `/${rawPath.replace(/\/$/, '')}`;
        const known = operations.filter(
          (operation) => pathPattern(operation.path).test(path) || operation.path === path,
        );
        if (known.length === 0) return []; // prose such as "GET onboarding result", not a path
        const match = known.find((operation) => operation.api === api && operation.method === method);
        return match ? [] : [`${at}: ${method} ${path} is not an operation of the ${participants.get(target)}`];
      });
    });
    expect(diagrams.length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('never answer a retry with 409 after the first request has already answered', () => {
    const wrong = diagrams.flatMap(({ where: at, lines }) => {
      const answered = lines.findIndex((line) => /-+x\s*\S+\s*:/.test(line));
      return answered >= 0 && lines.slice(answered + 1).some((line) => /-+>>.*\b409\b/.test(line))
        ? [`${at}: 409 after the first response was sent`]
        : [];
    });
    expect(wrong).toEqual([]);
  });
});

describe('list parameters', () => {
  const listParameters = operations.flatMap((operation) =>
    ((operation.definition.parameters ?? []) as JsonObject[])
      .filter((parameter) => parameter.in === 'query' && (parameter.schema as JsonObject | undefined)?.type === 'array')
      .map((parameter) => ({ operation, parameter })),
  );

  it('declare their form (style and explode) in the descriptions', () => {
    expect(listParameters.length).toBeGreaterThan(0);
    const undeclared = listParameters
      .filter(({ parameter }) => parameter.style !== 'form' || typeof parameter.explode !== 'boolean')
      .map(({ operation, parameter }) => `${operation.operationId} ${String(parameter.name)}`);
    expect(undeclared).toEqual([]);
  });

  it('are each listed on the standards page with the form the description declares', () => {
    const table = page('getting-started/standards.mdx').tables.find(
      (candidate) => candidate.marker === 'list-parameters',
    );
    expect(table).toBeDefined();
    const rows = table!.rows.slice(1);
    const wrong = listParameters.flatMap(({ operation, parameter }) => {
      const row = rows.find(
        (cells) => cells[0] === `\`${String(parameter.name)}\`` && cells[1].includes(`\`${operation.operationId}\``),
      );
      if (!row) return [`${operation.operationId} ${String(parameter.name)}: no row`];
      const exploded = parameter.explode === true;
      const example = row[3];
      const formRight = exploded
        ? /repeat/i.test(row[2]) && new RegExp(`&${String(parameter.name)}=`).test(example)
        : /comma/i.test(row[2]) && /=[^&`]+,/.test(example);
      return formRight ? [] : [`${operation.operationId} ${String(parameter.name)}: the row shows the other form`];
    });
    expect(wrong).toEqual([]);
    expect(rows.length).toBe(listParameters.length);
  });
});

describe('the documentation map and the integration overview', () => {
  it('each have their own job: no line, table row or code block appears on both', () => {
    const map = page('index.mdx');
    const overview = page('getting-started/introduction.mdx');
    const overviewLines = new Set(textLines(overview).map((line) => line.text.trim()));
    const overviewCode = new Set(overview.codeBlocks.map((block) => block.code.trim()));
    const repeated = [
      ...textLines(map)
        .filter((line) => line.text.trim().length > 40 && overviewLines.has(line.text.trim()))
        .map((line) => where('index.mdx', line)),
      ...map.codeBlocks
        .filter((block) => overviewCode.has(block.code.trim()))
        .map((block) => `index.mdx:${block.line}: code block repeated from the integration overview`),
    ];
    expect(repeated).toEqual([]);
  });

  it('leave environments, credentials and the first call to the integration overview', () => {
    const headings = page('index.mdx').headings.map((heading) => heading.text);
    expect(headings.filter((text) => /environment|base url|credential|first call/i.test(text))).toEqual([]);
    expect(page('getting-started/introduction.mdx').headings.map((heading) => heading.text)).toEqual(
      expect.arrayContaining(['Environments', 'Get credentials', 'Make your first call']),
    );
  });
});
