/**
 * The computed changelog against what really changed: each released description (openapi/released/) compared with
 * the one before it, checked against the commits and the notes that shipped them.
 */
import { API_NAMES, loadBundled, type ApiName } from '../../descriptions';
import { computeChangelog } from '../changelog';
import { describeChanges, type DescriptionChange } from '../describeChanges';
import { loadReleased, releasedVersions } from '../released';
import { CHANGE_RULES } from '../rules';
import { checkVersionBump } from '../versionBump';

/** Comparing every release with the one before it takes a minute on a busy machine, the first time. */
jest.setTimeout(300_000);

const changelog = computeChangelog();

const notDocumentation = (changes: readonly DescriptionChange[]) =>
  changes
    .filter((change) => change.class !== 'documentation')
    .map((change) => `${change.rule.id} ${change.description}`)
    .sort();

function changesOf(api: ApiName, version: string) {
  const release = changelog.find((entry) => entry.api === api && entry.version === version);
  if (!release) throw new Error(`${api} ${version} is not in the changelog`);
  return { before: release.previous ?? '', after: release.version, changes: release.changes };
}

describe('the changelog of the descriptions’ own history', () => {
  test('Accounts API 1.1.0 (3621941) added the two sandbox operations, and nothing else a client sees', () => {
    const { before, after, changes } = changesOf('accounts', '1.1.0');
    expect([before, after]).toEqual(['1.0.0', '1.1.0']);
    expect(notDocumentation(changes)).toEqual([
      'operation-added POST /sandbox/accounts/{accountNumber}/deposits (createSandboxDeposit): operation added',
      'operation-added POST /sandbox/reset (resetSandbox): operation added',
    ]);
    expect(checkVersionBump(before, after, changes).problems).toEqual([]);
  });

  test('Trading API 1.5.0 deprecated the two DELETE cancels and added their three headers: a minor version', () => {
    const { before, after, changes } = changesOf('orders', '1.5.0');
    expect([before, after]).toEqual(['1.4.0', '1.5.0']);
    const seen = notDocumentation(changes);
    expect(seen.filter((line) => line.startsWith('deprecated '))).toEqual([
      'deprecated DELETE /orders/equity/{orderId} (cancelEquityOrder): operation deprecated',
      'deprecated DELETE /orders/options/{orderId} (cancelOptionOrder): operation deprecated',
    ]);
    const headers = seen.filter((line) => line.startsWith('response-header-added '));
    // Deprecation, Sunset and Link on each of the 202, 403, 404 and 409 of both operations.
    expect(headers).toHaveLength(24);
    expect(headers.every((line) => / \(cancel(Equity|Option)Order\): /.test(line))).toBe(true);
    expect(seen).toHaveLength(26);
    expect(changes.filter((change) => change.class === 'breaking')).toEqual([]);
    expect(checkVersionBump(before, after, changes).problems).toEqual([]);
  });

  test('Trading API 1.1.0 (2363ead) added 413 PAYLOAD_TOO_LARGE: new error codes, a minor version', () => {
    const { before, after, changes } = changesOf('orders', '1.1.0');
    expect([before, after]).toEqual(['1.0.4', '1.1.0']);
    const rules = new Set(changes.filter((change) => change.class !== 'documentation').map((change) => change.rule.id));
    expect([...rules]).toEqual(['error-code-added']);
    const placement = changes.filter((change) => change.operation?.operationId === 'placeEquityOrder');
    expect(placement.map((change) => change.description)).toEqual(
      expect.arrayContaining([
        'POST /orders/equity (placeEquityOrder): error response 413 added',
        'POST /orders/equity (placeEquityOrder): value `PAYLOAD_TOO_LARGE` added to field `error.code` of the 400 response',
      ]),
    );
    expect(placement.find((change) => change.location.status === '413')?.location.anchors).toEqual(['status.413']);
    expect(checkVersionBump(before, after, changes)).toEqual({ required: 'minor', problems: [] });
  });

  test('Trading API 1.0.4 (f53b312) answers a malformed order ID 404, not 400: the page’s rules call that breaking', () => {
    // The changelog shipped it as a documentation correction (the sandbox already answered 404); by the versioning
    // page it changes the error code returned for an existing condition, and the check says so.
    const { before, after, changes } = changesOf('orders', '1.0.4');
    expect([before, after]).toEqual(['1.0.3', '1.0.4']);
    expect(notDocumentation(changes)).toEqual([
      'error-code-added POST /orders/equity (placeEquityOrder): error response 404 added',
      'error-code-added POST /orders/equity/block (placeBlockEquityOrder): error response 404 added',
      'error-code-added POST /orders/options (placeOptionOrder): error response 404 added',
      'error-code-added POST /orders/options/block (placeBlockOptionOrder): error response 404 added',
      'error-code-changed DELETE /orders/equity/{orderId} (cancelEquityOrder): error response 400 removed: its condition now answers otherwise',
      'error-code-changed DELETE /orders/options/{orderId} (cancelOptionOrder): error response 400 removed: its condition now answers otherwise',
      'error-code-changed GET /orders/equity/{orderId} (getEquityOrder): error response 400 removed: its condition now answers otherwise',
      'error-code-changed GET /orders/options/{orderId} (getOptionOrder): error response 400 removed: its condition now answers otherwise',
    ]);
    const check = checkVersionBump(before, after, changes);
    expect(check.required).toBe('major');
    expect(check.problems).toHaveLength(4);
    expect(check.problems).toContainEqual(
      expect.stringContaining(
        'GET /orders/equity/{orderId} (getEquityOrder): error response 400 removed: its condition now answers ' +
          'otherwise: breaking under the versioning page\'s rule "Changing the success status code of an operation, ' +
          'or the error code returned for an existing condition." (error-code-changed)',
      ),
    );
  });

  test.each(API_NAMES)('%s: from its first release to today, each change has a rule and a place', (api) => {
    const [first] = releasedVersions()[api];
    expect(first.version).toBe('1.0.0');
    const today = loadBundled(api, { dereferenced: false });
    const changes = describeChanges(loadReleased(first), today);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(CHANGE_RULES[change.rule.id]).toMatchObject({ class: change.class, wording: change.rule.wording });
      expect(change.location.pointer).toMatch(/^\//);
      expect(change.description).not.toMatch(/undefined|\[object Object\]/);
      if (change.location.side !== 'description') expect(change.operation?.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      for (const anchor of change.location.anchors) expect(anchor).toMatch(/^[a-z][A-Za-z]*\.[A-Za-z0-9_.-]+$/);
    }
  });

  test('Accounts API: every operation added since 1.0.0 is found, additive, in the release that added it', () => {
    const changes = changelog.filter((release) => release.api === 'accounts').flatMap((release) => release.changes);
    const added = changes.filter((change) => change.rule.id === 'operation-added');
    expect(added.map((change) => change.operation?.operationId).sort()).toEqual([
      'advanceSandboxClock',
      'createSandboxDeposit',
      'getSandboxClock',
      'resetSandbox',
      'setSandboxPrice',
    ]);
    expect(added.every((change) => change.class === 'additive')).toBe(true);
    const addedIn = Object.fromEntries(
      changelog
        .filter((release) => release.api === 'accounts')
        .flatMap((release) =>
          release.changes
            .filter((change) => change.rule.id === 'operation-added')
            .map((change) => [change.operation?.operationId, release.version]),
        ),
    );
    expect(addedIn).toEqual({
      createSandboxDeposit: '1.1.0',
      resetSandbox: '1.1.0',
      getSandboxClock: '1.3.0',
      advanceSandboxClock: '1.3.0',
      setSandboxPrice: '1.3.0',
    });
  });
});
