/**
 * The guard: every description is its newest released version, unchanged, so that no description changes without
 * the version bump its changes call for and the release the changelog is computed from. Then the check itself, on
 * today's descriptions with one change made to them, and the released files' own rules.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { API_NAMES, apisIn, loadBundled, type ApiName, type JsonObject } from '../../descriptions';
import { changesBetween, staleComparisons } from '../comparisons';
import { releaseDescriptions } from '../release';
import { descriptionStatus } from '../releaseCheck';
import {
  loadReleased,
  majorOf,
  RELEASED_DIRECTORY,
  releasedVersions,
  ReleasedDescriptionError,
  type ReleasedVersion,
} from '../released';

/** api-smart-diff compares two whole descriptions in a few seconds on a busy machine. */
jest.setTimeout(120_000);

const releases = releasedVersions();
const current = (api: ApiName) => structuredClone(loadBundled(api, { dereferenced: false }));
const newest = (api: ApiName) => releases[api].at(-1)!;

function withVersion(document: JsonObject, version: string): JsonObject {
  return { ...document, info: { ...(document.info as JsonObject), version } };
}

/** The Trading API with `FOK` taken out of the time in force a request may name. */
function withoutFillOrKill(): JsonObject {
  const document = current('orders');
  const schemas = (document.components as JsonObject).schemas as Record<string, JsonObject>;
  const timeInForce = schemas.TimeInForce;
  timeInForce.enum = (timeInForce.enum as string[]).filter((value) => value !== 'FOK');
  return document;
}

/** The Document API with a new optional query parameter, the order of its document type list. */
function withListOrder(): JsonObject {
  const document = current('documents');
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  const [route, item] = Object.entries(paths).find(
    ([, pathItem]) => pathItem.get?.operationId === 'listDocumentTypes',
  )!;
  const list = item.get;
  list.parameters = [
    ...((list.parameters as unknown[]) ?? []),
    { name: 'order', in: 'query', required: false, schema: { type: 'string', enum: ['newest', 'oldest'] } },
  ];
  expect(route).toMatch(/^\//);
  return document;
}

const problemsOf = (status: ReturnType<typeof descriptionStatus>) =>
  status.state === 'invalid' ? status.problems : [];

describe('each description', () => {
  it.each(API_NAMES)(
    '%s is its newest released version, unchanged (npm run release:descriptions releases it)',
    (api) => {
      const status = descriptionStatus(api, current(api), releases[api]);
      const unreleased =
        status.state === 'unreleased'
          ? [`openapi/${api}.yaml ${status.version} is not released: run npm run release:descriptions`]
          : [];
      expect([...problemsOf(status), ...unreleased]).toEqual([]);
      expect(status.state).toBe('released');
    },
  );

  it.each(apisIn('v2'))(
    "%s v2, a preview not yet released, is a new major over v1's newest release, with the bump its changes call for",
    (api) => {
      const preview = loadBundled(api, { dereferenced: false, version: 'v2' });
      const status = descriptionStatus(api, preview, releases[api]);
      expect(problemsOf(status)).toEqual([]);
      expect(status).toMatchObject({ state: 'unreleased', version: '2.0.0', base: newest(api) });
      // The same check refuses it as a minor version of v1: its changes break v1 clients.
      const asMinor = descriptionStatus(api, withVersion(structuredClone(preview), '1.99.0'), releases[api]);
      expect(problemsOf(asMinor).join('\n')).toMatch(/operation removed: breaking under the versioning page's rule/);
    },
  );
});

describe('the version check', () => {
  it('refuses a breaking change in a released version, naming the change and the rule', () => {
    const status = descriptionStatus('orders', withoutFillOrKill(), releases.orders);
    const problems = problemsOf(status);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^openapi/orders\\.yaml changed since ${newest('orders').version.replaceAll('.', '\\.')} was released: ` +
            'POST /orders/equity \\(placeEquityOrder\\): value `FOK` removed from request field `timeInForce`: ' +
            'breaking under the versioning page\'s rule "Removing or renaming an operation, a field, a query ' +
            'parameter or an enumeration value\\." \\(enum-value-removed\\), which needs a new major version',
        ),
      ),
    );
  });

  it('refuses a breaking change with only a minor bump, and takes it with a new major', () => {
    const [major, minor] = newest('orders').version.split('.').map(Number);
    const minorBump = descriptionStatus(
      'orders',
      withVersion(withoutFillOrKill(), `${major}.${minor + 1}.0`),
      releases.orders,
    );
    expect(problemsOf(minorBump)).toContainEqual(expect.stringContaining('needs a new major version'));
    const majorBump = descriptionStatus(
      'orders',
      withVersion(withoutFillOrKill(), `${major + 1}.0.0`),
      releases.orders,
    );
    expect(majorBump.state).toBe('unreleased');
  });

  it('refuses an additive change without a minor bump, and takes it with one', () => {
    const [major, minor, patch] = newest('documents').version.split('.').map(Number);
    const patchBump = descriptionStatus(
      'documents',
      withVersion(withListOrder(), `${major}.${minor}.${patch + 1}`),
      releases.documents,
    );
    expect(problemsOf(patchBump)).toEqual([
      expect.stringMatching(
        /^openapi\/documents\.yaml \d+\.\d+\.\d+: GET \/document-types \(listDocumentTypes\): .*`order`.*: additive under the versioning page's rule ".*new optional request fields and parameters.*" \(optional-parameter-added\), which needs at least a minor version/,
      ),
    ]);
    const minorBump = descriptionStatus(
      'documents',
      withVersion(withListOrder(), `${major}.${minor + 1}.0`),
      releases.documents,
    );
    expect(minorBump).toMatchObject({ state: 'unreleased', base: newest('documents') });
    if (minorBump.state === 'unreleased') {
      expect(minorBump.changes.map((change) => change.rule.id)).toEqual(['optional-parameter-added']);
    }
  });

  it('refuses a version older than the newest release', () => {
    const status = descriptionStatus('accounts', withVersion(current('accounts'), '1.0.1'), releases.accounts);
    expect(problemsOf(status)).toEqual([
      `openapi/accounts.yaml: info.version 1.0.1 falls between released versions 1.0.0 and ${newest('accounts').version}`,
    ]);
  });
});

describe('npm run release:descriptions', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'release-'));
    cpSync(RELEASED_DIRECTORY, directory, { recursive: true });
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));
  const today = () => Object.fromEntries(API_NAMES.map((api) => [api, current(api)])) as Record<ApiName, JsonObject>;

  it('releases a description whose bump matches its changes, and lists it with the day', () => {
    const [major, minor] = newest('documents').version.split('.').map(Number);
    const next = `${major}.${minor + 1}.0`;
    const bundled = { ...today(), documents: withVersion(withListOrder(), next) };
    const outcome = releaseDescriptions(bundled, '2026-12-01', directory);
    expect(outcome.problems).toEqual([]);
    expect(outcome.released.map(({ api, version }) => `${api} ${version}`)).toEqual([`documents ${next}`]);
    expect(outcome.unchanged.map((release) => release.api)).toEqual(['accounts', 'onboarding', 'orders']);
    const listed = releasedVersions(directory).documents.at(-1)!;
    expect(listed).toMatchObject({ version: next, date: '2026-12-01' });
    expect(loadReleased(listed)).toEqual(bundled.documents);
    // Its comparison with the release before it is stored beside it, current, and says what the check found.
    expect(outcome.released[0]?.comparison).toBe(listed.file.replace(/\.yaml$/, '.changes.json'));
    expect(staleComparisons(releasedVersions(directory).documents)).toEqual([]);
    expect(changesBetween(newest('documents'), listed).map((change) => change.rule.id)).toEqual([
      'optional-parameter-added',
    ]);
    expect(readFileSync(listed.file, 'utf8')).toMatch(/^# Document API \d+\.\d+\.\d+ as released, bundled: /);
    // Released, it is what the check holds the description to; a second run has nothing to do.
    expect(descriptionStatus('documents', bundled.documents, releasedVersions(directory).documents).state).toBe(
      'released',
    );
    expect(releaseDescriptions(bundled, '2026-12-02', directory).released).toEqual([]);
  });

  it('releases nothing while any description has a change its version does not account for', () => {
    const [major, minor] = newest('documents').version.split('.').map(Number);
    const bundled = {
      ...today(),
      documents: withVersion(withListOrder(), `${major}.${minor + 1}.0`),
      orders: withoutFillOrKill(),
    };
    const before = readFileSync(path.join(directory, 'releases.yaml'), 'utf8');
    const outcome = releaseDescriptions(bundled, '2026-12-01', directory);
    expect(outcome.problems).toContainEqual(expect.stringContaining('value `FOK` removed'));
    expect(outcome.released).toEqual([]);
    expect(readFileSync(path.join(directory, 'releases.yaml'), 'utf8')).toBe(before);
  });
});

describe('the released descriptions', () => {
  it('read as the values the yaml package wrote (they are read with js-yaml, which is faster), once per process', () => {
    for (const api of API_NAMES) {
      for (const release of releases[api]) {
        const document = loadReleased(release);
        expect(document).toEqual(parse(readFileSync(release.file, 'utf8')));
        expect(loadReleased(release)).toBe(document);
      }
    }
  });

  it('are each the version they are filed as, served on their own major version, and dated in order', () => {
    const wrong = API_NAMES.flatMap((api) =>
      releases[api].flatMap((release: ReleasedVersion) => {
        const document = loadReleased(release);
        const servers = (document.servers ?? []) as { url: string }[];
        return servers
          .filter((server) => !server.url.endsWith(`/v${majorOf(release.version)}`))
          .map((server) => `${api} ${release.version}: server ${server.url}`);
      }),
    );
    expect(wrong).toEqual([]);
    expect(API_NAMES.map((api) => releases[api][0].version)).toEqual(['1.0.0', '1.0.0', '1.0.0', '1.0.0']);
  });

  describe('stop the build, naming the file, when', () => {
    let directory: string;
    beforeEach(() => {
      directory = mkdtempSync(path.join(tmpdir(), 'released-'));
    });
    afterEach(() => rmSync(directory, { recursive: true, force: true }));

    const listing = (text: string) => writeFileSync(path.join(directory, 'releases.yaml'), text);
    const allListed = (extra = '') =>
      API_NAMES.map(
        (api) => `${api}:\n  - version: 1.0.0\n    date: 2026-11-21\n${api === 'orders' ? extra : ''}`,
      ).join('');
    const fileOf = (api: string, version: string, text: string) => {
      mkdirSync(path.join(directory, api), { recursive: true });
      writeFileSync(path.join(directory, api, `${version}.yaml`), text);
    };
    const everyFirstRelease = () => {
      for (const api of API_NAMES)
        fileOf(api, '1.0.0', 'openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths: {}\n');
    };

    it('a listed version has no file', () => {
      everyFirstRelease();
      listing(allListed('  - version: 1.1.0\n    date: 2026-11-24\n'));
      expect(() => releasedVersions(directory)).toThrow(ReleasedDescriptionError);
      expect(() => releasedVersions(directory)).toThrow(
        /\/orders\/1\.1\.0\.yaml is missing: .*releases\.yaml lists orders 1\.1\.0 as released/,
      );
    });

    it('the listing does not parse, or lists versions out of order', () => {
      everyFirstRelease();
      listing('accounts: [');
      expect(() => releasedVersions(directory)).toThrow(/releases\.yaml: does not parse/);
      fileOf('orders', '0.9.0', 'openapi: 3.1.0\ninfo: { title: T, version: 0.9.0 }\npaths: {}\n');
      listing(allListed('  - version: 0.9.0\n    date: 2026-11-24\n'));
      expect(() => releasedVersions(directory)).toThrow(
        /releases\.yaml: orders: 0\.9\.0 is listed after 1\.0\.0; list the versions oldest first/,
      );
    });

    it('a released description does not parse, or holds another version', () => {
      everyFirstRelease();
      listing(allListed());
      fileOf('documents', '1.0.0', 'openapi: 3.1.0\ninfo: [\n');
      const [documents] = releasedVersions(directory).documents;
      expect(() => loadReleased(documents)).toThrow(/\/documents\/1\.0\.0\.yaml does not parse/);
      fileOf('documents', '1.0.0', 'openapi: 3.1.0\ninfo: { title: T, version: 1.0.1 }\npaths: {}\n');
      expect(() => loadReleased(documents)).toThrow(
        /\/documents\/1\.0\.0\.yaml holds info\.version 1\.0\.1, not 1\.0\.0/,
      );
    });
  });
});
