/**
 * "Added in" and "Changed in" marks on the endpoint pages: the last release that changed an operation, or a field,
 * parameter, header or status of it, in a way a client sees (an addition or a breaking change; a correction of
 * documentation leaves no mark), linked to that release in the changelog. The marks are attributes of the operation
 * block (`ApiEndpoint`) and of each field line (`ApiField`), set on the nodes `operationNodes` made.
 */
import type { RootContent } from 'mdast';
import type { ChangelogRelease } from '../../openapi/changes/changelog';
import { compareVersions } from '../../openapi/changes/released';
import type { ChangeRuleId } from '../../openapi/changes/rules';
import { attributeOf } from './mdxAttributes';

const CHANGELOG_PATH = '/docs/getting-started/changelog';

/** The changelog's anchor of a release: `trading-api-1-4-0` for Trading API 1.4.0. */
export const releaseAnchor = (title: string, version: string) =>
  `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${version.replaceAll('.', '-')}`;

interface ChangeMark {
  readonly kind: 'added' | 'changed';
  /** `Trading API 1.4.0`. */
  readonly release: string;
  /** The release in the changelog. */
  readonly href: string;
}

export interface OperationMarks {
  /** The operation's own: added after its API's first release, or changed since. */
  readonly operation?: ChangeMark;
  /** By anchor (`request.limitPrice`, `query.limit`, `status.413`). */
  readonly fields: ReadonlyMap<string, ChangeMark>;
}

/** The rules by which a field, parameter, header or status is new; every other rule changes what was there. */
const ADDING_RULES: ReadonlySet<ChangeRuleId> = new Set([
  'optional-request-field-added',
  'optional-parameter-added',
  'response-field-added',
  'response-header-added',
  'error-code-added',
]);

/** Each operation's marks, by `operationId`, from the changelog (any order: later releases win). */
export function changeMarks(releases: readonly ChangelogRelease[]): ReadonlyMap<string, OperationMarks> {
  const oldestFirst = [...releases].sort(
    (a, b) => a.date.localeCompare(b.date) || compareVersions(a.version, b.version),
  );
  const marks = new Map<string, { operation?: ChangeMark; fields: Map<string, ChangeMark> }>();
  for (const release of oldestFirst) {
    const label = `${release.title} ${release.version}`;
    const href = `${CHANGELOG_PATH}#${releaseAnchor(release.title, release.version)}`;
    for (const change of release.changes) {
      if (change.class === 'documentation' || !change.operation) continue;
      const id = change.operation.operationId;
      const entry = marks.get(id) ?? { fields: new Map<string, ChangeMark>() };
      marks.set(id, entry);
      if (change.rule.id === 'operation-added') {
        entry.operation = { kind: 'added', release: label, href };
        continue;
      }
      entry.operation = {
        kind: entry.operation?.release === label ? entry.operation.kind : 'changed',
        release: label,
        href,
      };
      const kind = ADDING_RULES.has(change.rule.id) ? 'added' : 'changed';
      for (const anchor of change.location.anchors) {
        const before = entry.fields.get(anchor);
        // A field added and changed in one release (its enumeration given at once) is new in it.
        entry.fields.set(anchor, {
          kind: before?.release === label && before.kind === 'added' ? 'added' : kind,
          release: label,
          href,
        });
      }
    }
  }
  return marks;
}

const markAttributes = (mark: ChangeMark) =>
  [
    { type: 'mdxJsxAttribute', name: 'change', value: mark.kind },
    { type: 'mdxJsxAttribute', name: 'changeRelease', value: mark.release },
    { type: 'mdxJsxAttribute', name: 'changeHref', value: mark.href },
  ] as const;

/** Puts an operation's marks on its block and field lines, in place. */
export function markChanges(nodes: readonly RootContent[], marks: OperationMarks | undefined): void {
  if (!marks) return;
  const visit = (node: RootContent) => {
    if (node.type === 'mdxJsxFlowElement') {
      const mark =
        node.name === 'ApiEndpoint'
          ? marks.operation
          : node.name === 'ApiField'
            ? marks.fields.get(attributeOf(node, 'anchor') ?? '')
            : undefined;
      if (mark) node.attributes.push(...markAttributes(mark));
    }
    if ('children' in node) (node.children as RootContent[]).forEach(visit);
  };
  nodes.forEach(visit);
}

/** Every `anchor` of the field lines in `nodes`: the fields, parameters, headers and statuses a page links to. */
export function anchorsIn(nodes: readonly RootContent[]): Set<string> {
  const anchors = new Set<string>();
  const visit = (node: RootContent) => {
    if (node.type === 'mdxJsxFlowElement' && node.name === 'ApiField') {
      const anchor = attributeOf(node, 'anchor');
      if (anchor) anchors.add(anchor);
    }
    if ('children' in node) (node.children as RootContent[]).forEach(visit);
  };
  nodes.forEach(visit);
  return anchors;
}
