import { API_NAMES, loadDereferenced, operationsOf, type JsonObject } from '../../../openapi/descriptions';
import {
  BODY_LIMITS,
  CLIENT_AUTHENTICATION,
  CURSOR_LIFETIME_HOURS,
  ENVIRONMENTS,
  IDEMPOTENCY_WINDOW_HOURS,
  RATE_LIMIT,
  TOKEN,
  TOKEN_URL,
} from '../../../contracts/facts';
import { docsFiles, readPage, textLines } from '../docsPages';

/**
 * Facts that many pages state come from one place: `contracts/facts/index.ts`, which pages import. These checks
 * hold that module to the API descriptions, hold the descriptions' own prose to the same numbers, and
 * fail when a page types one of these facts by hand instead of importing it.
 */

const descriptions = API_NAMES.map((api) => ({ api, document: loadDereferenced(api) }));
const pages = docsFiles().map(readPage);

const scheme = (document: JsonObject) =>
  ((document.components as JsonObject).securitySchemes as Record<string, JsonObject>).clientCredentials;
const idempotencyKeyParameters = (document: JsonObject, api: (typeof API_NAMES)[number]) =>
  operationsOf(api, document).flatMap((operation) =>
    ((operation.definition.parameters ?? []) as JsonObject[]).filter((p) => p.name === 'Idempotency-Key'),
  );

const cursorParameters = (document: JsonObject, api: (typeof API_NAMES)[number]) =>
  operationsOf(api, document).flatMap((operation) =>
    ((operation.definition.parameters ?? []) as JsonObject[]).filter((p) => p.name === 'cursor' && p.in === 'query'),
  );

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** `3600` → `one hour`, `300` → `five minutes`. */
function durationInWords(seconds: number): string {
  const [count, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : [seconds / 60, 'minute'];
  return `${NUMBER_WORDS[count] ?? String(count)} ${unit}${count === 1 ? '' : 's'}`;
}

/** Every string in a description, with the JSON path where it is. */
function stringsOf(value: unknown, where = ''): { where: string; text: string }[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${where}/${index}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${where}/${key}`));
  return [];
}

/** How each fact is written when someone types it; the number the pattern captures must be the fact. */
const STATED_FACTS: { readonly fact: string; readonly pattern: RegExp; readonly value: number }[] = [
  { fact: 'rate limit', pattern: /\b(\d+) requests? (?:per|a) second/gi, value: RATE_LIMIT.requestsPerSecond },
  {
    fact: 'burst',
    pattern: /\bbursts? (?:of (?:up to |more than )?|over |up to )(\d+)/gi,
    value: RATE_LIMIT.burst,
  },
  {
    fact: 'idempotency window',
    pattern: /\b(?:within|in) (?:the last )?(\d+) hours/gi,
    value: IDEMPOTENCY_WINDOW_HOURS,
  },
  { fact: 'token lifetime', pattern: /\btokens? (?:live|lives) (\d+) seconds/gi, value: TOKEN.lifetimeSeconds },
  { fact: 'cursor lifetime', pattern: /\bexpires,? (\d+) hours after/gi, value: CURSOR_LIFETIME_HOURS },
  {
    fact: 'token renewal',
    pattern: /\bless than (\d+) seconds remain/gi,
    value: TOKEN.renewBeforeExpirySeconds,
  },
];

describe('contracts/facts/index.ts', () => {
  it('holds the servers, token URL, client authentication, token timing, rate limit, idempotency window and cursor lifetime of every description', () => {
    const wrong = descriptions.flatMap(({ api, document }) => {
      const problems: string[] = [];
      const servers = ((document.servers ?? []) as JsonObject[]).map((server) => server.url);
      if (JSON.stringify(servers) !== JSON.stringify(ENVIRONMENTS.map((environment) => environment.baseUrl)))
        problems.push(`${api}: servers ${servers.join(', ')}`);
      const clientCredentials = scheme(document);
      const flow = (clientCredentials.flows as JsonObject).clientCredentials as JsonObject;
      if (flow.tokenUrl !== TOKEN_URL) problems.push(`${api}: tokenUrl ${String(flow.tokenUrl)}`);
      if (clientCredentials['x-client-authentication'] !== CLIENT_AUTHENTICATION.method)
        problems.push(`${api}: x-client-authentication ${String(clientCredentials['x-client-authentication'])}`);
      if (clientCredentials['x-token-lifetime-seconds'] !== TOKEN.lifetimeSeconds)
        problems.push(`${api}: x-token-lifetime-seconds ${String(clientCredentials['x-token-lifetime-seconds'])}`);
      if (clientCredentials['x-renew-before-expiry-seconds'] !== TOKEN.renewBeforeExpirySeconds)
        problems.push(
          `${api}: x-renew-before-expiry-seconds ${String(clientCredentials['x-renew-before-expiry-seconds'])}`,
        );
      if (JSON.stringify((document.info as JsonObject)['x-rate-limit']) !== JSON.stringify(RATE_LIMIT))
        problems.push(`${api}: info.x-rate-limit ${JSON.stringify((document.info as JsonObject)['x-rate-limit'])}`);
      for (const parameter of idempotencyKeyParameters(document, api))
        if (parameter['x-replay-window-hours'] !== IDEMPOTENCY_WINDOW_HOURS)
          problems.push(`${api}: Idempotency-Key x-replay-window-hours ${String(parameter['x-replay-window-hours'])}`);
      for (const parameter of cursorParameters(document, api))
        if (parameter['x-cursor-lifetime-hours'] !== CURSOR_LIFETIME_HOURS)
          problems.push(`${api}: cursor x-cursor-lifetime-hours ${String(parameter['x-cursor-lifetime-hours'])}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('holds the body limits of every description that takes bodies, and the upload file limit', () => {
    const limits = Object.fromEntries(
      descriptions.map(({ api, document }) => [api, (document.info as JsonObject)['x-max-body-bytes'] ?? null]),
    );
    const json = { 'application/json': BODY_LIMITS.jsonBytes };
    expect(limits).toEqual({
      accounts: { ...json, 'multipart/form-data': BODY_LIMITS.multipartBytes },
      onboarding: json,
      orders: json,
      documents: null,
    });
    const accounts = descriptions.find(({ api }) => api === 'accounts')!.document;
    const upload = ((accounts.components as JsonObject).schemas as Record<string, JsonObject>).AddDocumentRequest;
    expect(((upload.properties as JsonObject).file as JsonObject)['x-max-bytes']).toBe(BODY_LIMITS.uploadFileBytes);
    const inWords = (bytes: number) => `${bytes / 1024 / 1024} MB`;
    expect([BODY_LIMITS.jsonText, BODY_LIMITS.multipartText, BODY_LIMITS.uploadFileText]).toEqual([
      inWords(BODY_LIMITS.jsonBytes),
      inWords(BODY_LIMITS.multipartBytes),
      inWords(BODY_LIMITS.uploadFileBytes),
    ]);
  });

  it('words its durations as the numbers say', () => {
    expect([TOKEN.lifetimeText, TOKEN.renewBeforeExpiryText]).toEqual([
      durationInWords(TOKEN.lifetimeSeconds),
      durationInWords(TOKEN.renewBeforeExpirySeconds),
    ]);
  });
});

describe('the API descriptions', () => {
  it('state the rate limit, idempotency window, token timing and cursor lifetime with the numbers of contracts/facts/index.ts', () => {
    const wrong = descriptions.flatMap(({ api, document }) =>
      stringsOf(document).flatMap(({ where, text }) =>
        STATED_FACTS.flatMap(({ fact, pattern, value }) =>
          [...text.matchAll(pattern)]
            .filter((match) => Number(match[1]) !== value)
            .map((match) => `${api}${where}: ${fact} "${match[0]}", but it is ${value}`),
        ),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('describe client authentication at the token endpoint one way', () => {
    const wrong = descriptions.flatMap(({ api, document }) =>
      stringsOf(document)
        .filter(({ text }) => /client_secret(?!_basic)|client secret in the (?:form )?body/i.test(text))
        .map(({ where }) => `${api}${where}`),
    );
    expect(wrong).toEqual([]);
  });
});

/**
 * A fact typed by hand into a code sample (a token response with its lifetime), or into an MDX expression
 * that builds one, instead of imported from contracts/facts/index.ts.
 */
const TYPED_IN_CODE: { readonly fact: string; readonly pattern: RegExp }[] = [
  { fact: 'token lifetime', pattern: /\bexpires_in["']?\s*[:=]\s*\d+/ },
];

/** A fact typed by hand into a page's text or a diagram, instead of imported from contracts/facts/index.ts. */
const TYPED_FACTS: { readonly fact: string; readonly pattern: RegExp }[] = [
  ...TYPED_IN_CODE,
  { fact: 'rate limit', pattern: /\b\d+ requests? (?:per|a) second/i },
  { fact: 'burst', pattern: /\bbursts? (?:of (?:up to |more than )?|over |up to )\d+/i },
  {
    fact: 'idempotency window',
    pattern: /\b\d+[ -]hours?\b.*\b(?:key|idempot|retry|replay)|\b(?:key|idempot|retry|replay).*\b\d+[ -]hours?\b/i,
  },
  { fact: 'cursor lifetime', pattern: /\b\d+[ -]hours?\b.*\bcursor|\bcursor.*\b\d+[ -]hours?\b/i },
  {
    fact: 'token lifetime',
    pattern: /\b\d+`? seconds\b.*\b(?:token|expires?)|\b(?:token|lives|expires?)\b.*\b\d+`? seconds\b|\bone hour\b/i,
  },
  {
    fact: 'token renewal',
    pattern: /\b(?:a minute or two|(?:one|two|three|four|five|ten|\d+) minutes)\b.*\b(?:expir|renew|remain)/i,
  },
  {
    fact: 'base URL or token URL',
    pattern: new RegExp(
      [...ENVIRONMENTS.map((environment) => environment.baseUrl), TOKEN_URL]
        .map((url) => url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('|'),
    ),
  },
  // The method's name and the form fields a secret in the body would take; not the samples' `$CLIENT_SECRET`.
  { fact: 'client authentication', pattern: /\bHTTP Basic\b|client_secret(?:_basic|=)|client_id=/i },
];

describe('the docs pages', () => {
  it('import the facts of contracts/facts/index.ts instead of typing them (text, tables and diagrams)', () => {
    const typed = pages.flatMap((page) => {
      const lines = [
        ...textLines(page),
        ...page.codeBlocks
          .filter((block) => block.lang === 'mermaid')
          .flatMap((block) => block.code.split('\n').map((text, offset) => ({ line: block.line + 1 + offset, text }))),
      ];
      return lines.flatMap(({ line, text }) =>
        TYPED_FACTS.filter(({ pattern }) => pattern.test(text)).map(
          ({ fact }) => `${page.file}:${line}: ${fact} typed by hand: ${text.trim().slice(0, 100)}`,
        ),
      );
    });
    expect(typed).toEqual([]);
  });

  it('import the facts of contracts/facts/index.ts into code samples instead of typing them', () => {
    const typed = pages.flatMap((page) =>
      page.codeBlocks.flatMap((block) =>
        block.code
          .split('\n')
          .flatMap((text, offset) =>
            TYPED_IN_CODE.filter(({ pattern }) => pattern.test(text)).map(
              ({ fact }) => `${page.file}:${block.line + 1 + offset}: ${fact} typed by hand: ${text.trim()}`,
            ),
          ),
      ),
    );
    expect(typed).toEqual([]);
  });

  it('use only the base URLs and the token URL of the descriptions in code samples', () => {
    const known = [...ENVIRONMENTS.map((environment) => environment.baseUrl + '/'), TOKEN_URL];
    const wrong = pages.flatMap((page) =>
      page.codeBlocks.flatMap((block) =>
        [...block.code.matchAll(/https?:\/\/[a-z0-9.-]*\b(?:api|id)\.clearing\.example[^\s"'`)}]*/g)]
          .map((match) => match[0])
          .filter((url) => !known.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix)))
          .map((url) => `${page.file}:${block.line}: ${url}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it(`authenticate token requests with ${CLIENT_AUTHENTICATION.name}, never with the secret in the body`, () => {
    const tokenRequests = pages.flatMap((page) =>
      page.codeBlocks
        .filter((block) => block.code.includes(TOKEN_URL) || /\bTOKEN_URL\b/.test(block.code))
        .filter((block) => /grant_type/.test(block.code))
        .map((block) => ({ where: `${page.file}:${block.line}`, block })),
    );
    expect(tokenRequests.length).toBeGreaterThan(0);
    const wrong = tokenRequests
      .filter(
        ({ block }) =>
          /client_secret|client_id/.test(block.code) ||
          !(/(?:^|\s)-u\s+"\$CLIENT_ID:\$CLIENT_SECRET"/m.test(block.code) || /\bBasic\b|auth=\(/.test(block.code)),
      )
      .map(({ where }) => where);
    expect(wrong).toEqual([]);
  });

  it('renew tokens in code samples with the margin of contracts/facts/index.ts', () => {
    const margins = pages.flatMap((page) =>
      page.codeBlocks.flatMap((block) =>
        [...block.code.matchAll(/\bRENEW_MARGIN_(MS|SECONDS)\s*=\s*([\d\s*]+)/g)].map((match) => ({
          where: `${page.file}:${block.line}`,
          seconds:
            match[2].split('*').reduce((product, factor) => product * Number(factor.trim()), 1) /
            (match[1] === 'MS' ? 1000 : 1),
        })),
      ),
    );
    expect(margins.length).toBeGreaterThan(0);
    expect(margins.filter(({ seconds }) => seconds !== TOKEN.renewBeforeExpirySeconds)).toEqual([]);
  });
});
