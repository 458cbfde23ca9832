/**
 * The changelog page's entries (`<Changelog>`), computed from the released descriptions (openapi/changes/changelog.ts):
 * a heading per day, then per API and version its writer's note (`<ReleaseNote>`: why, and what to do), and every
 * change the description made, grouped as the versioning page's rules class them. A change is listed once with each
 * operation it reaches, and each operation links to its endpoint page, at the changed field where the page still
 * shows it.
 */
import type { List, ListItem, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { ChangelogRelease } from '../../openapi/changes/changelog';
import type { DescriptionChange } from '../../openapi/changes/describeChanges';
import type { ChangeClass } from '../../openapi/changes/rules';
import { releaseAnchor } from './changeMarks';
import type { ToPhrasing } from './referenceNodes';

/** Where an operation is documented today: its endpoint page and the anchors that page has. */
export interface OperationPage {
  readonly href: string;
  readonly anchors: ReadonlySet<string>;
}

export interface ChangelogInput {
  /** Newest first, as `computeChangelog` gives them. */
  readonly releases: readonly ChangelogRelease[];
  /** The writer's note of each release, by `releaseKey`. */
  readonly notes: ReadonlyMap<string, readonly RootContent[]>;
  /** The endpoint page of an operation, or undefined when no page shows it any more. */
  readonly pageOf: (operationId: string) => OperationPage | undefined;
  /** The versioning page's section that says what is breaking. */
  readonly rulesHref: string;
  readonly toPhrasing: ToPhrasing;
}

export const releaseKey = (api: string, version: string) => `${api} ${version}`;

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({ type: 'link', url, children });
const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
const listItem = (children: PhrasingContent[]): ListItem => ({
  type: 'listItem',
  spread: false,
  children: [paragraph(...children)],
});
const list = (items: ListItem[]): List => ({ type: 'list', ordered: false, spread: false, children: items });

/** `a, b and c`. */
function joined(parts: readonly PhrasingContent[][]): PhrasingContent[] {
  return parts.flatMap((part, index) => [
    ...(index === 0 ? [] : [text(index === parts.length - 1 ? ' and ' : ', ')]),
    ...part,
  ]);
}

/** What changed, without the operation the description starts with. */
function whatChanged(change: DescriptionChange): string {
  const { operation } = change;
  if (!operation) return change.description;
  const prefix = `${operation.method} ${operation.path} (${operation.operationId}): `;
  return change.description.startsWith(prefix) ? change.description.slice(prefix.length) : change.description;
}

/** `POST /orders/equity`, linked to its endpoint page, at the changed field if the page still shows it. */
function operationLink(change: DescriptionChange, input: ChangeListInput): PhrasingContent[] {
  const { operation } = change;
  if (!operation) return [];
  const label = code(`${operation.method} ${operation.path}`);
  const page = input.pageOf(operation.operationId);
  if (!page) return [label];
  const anchor = change.location.anchors.find((candidate) => page.anchors.has(candidate));
  return [link(anchor ? `${page.href}#${anchor}` : page.href, [label])];
}

/** What a list of changes needs to link its operations. */
export type ChangeListInput = Pick<ChangelogInput, 'pageOf' | 'toPhrasing'>;

/** `… of the 409 response`: a change a shared error schema makes to every error response that uses it. */
const RESPONSE_STATUS = / of the (\d{3}) response$/;

/** `400, 403 and 409`. */
const listed = (values: readonly string[]) =>
  values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

/**
 * One line per distinct change, with every operation it reaches (a shared schema's field reaches several); the same
 * change to several responses of them is one line naming the statuses.
 */
export function changeItems(changes: readonly DescriptionChange[], input: ChangeListInput): ListItem[] {
  const groups = new Map<string, { statuses: string[]; changes: DescriptionChange[] }>();
  for (const change of changes) {
    const what = whatChanged(change);
    const key = `${change.rule.id}\n${what.replace(RESPONSE_STATUS, '')}`;
    const group = groups.get(key) ?? { statuses: [], changes: [] };
    const status = RESPONSE_STATUS.exec(what)?.[1];
    if (status && !group.statuses.includes(status)) group.statuses.push(status);
    group.changes.push(change);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ statuses, changes: group }) => {
    const first = whatChanged(group[0]);
    const line =
      statuses.length > 1 ? first.replace(RESPONSE_STATUS, ` of the ${listed([...statuses].sort())} responses`) : first;
    const what = input.toPhrasing(capitalized(line));
    const seen = new Set<string>();
    const operations = group
      .filter(
        (change) =>
          change.operation && !seen.has(change.operation.operationId) && seen.add(change.operation.operationId),
      )
      .map((change) => operationLink(change, input));
    return listItem(operations.length === 0 ? what : [...what, text(': '), ...joined(operations)]);
  });
}

const capitalized = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);

/** Documentation corrections, said as the operations whose descriptions or examples changed. */
function documentationSummary(changes: readonly DescriptionChange[], input: ChangelogInput): Paragraph {
  const byOperation = new Map<string, DescriptionChange>();
  for (const change of changes) if (change.operation) byOperation.set(change.operation.operationId, change);
  const operations = [...byOperation.values()].map((change) =>
    operationLink({ ...change, location: { ...change.location, anchors: [] } }, input),
  );
  const whole = changes.some((change) => !change.operation);
  return paragraph(
    strong('Documentation'),
    text(
      operations.length === 0
        ? ': the description as a whole (its introduction, tags or examples) was corrected.'
        : `: descriptions or examples corrected in ${operations.length === 1 ? 'one operation' : `${operations.length} operations`}${whole ? ' and in the description as a whole' : ''}: `,
    ),
    ...(operations.length === 0 ? [] : [...joined(operations), text('.')]),
  );
}

const CLASS_TITLES: Record<Exclude<ChangeClass, 'documentation'>, string> = {
  breaking: 'Breaking',
  additive: 'Additions',
};

function releaseNodes(release: ChangelogRelease, input: ChangelogInput): RootContent[] {
  const note = input.notes.get(releaseKey(release.api, release.version)) ?? [];
  const heading: RootContent = {
    type: 'heading',
    depth: 3,
    children: [text(`${release.title} ${release.version}`)],
    // The anchor the endpoint pages' "Changed in" marks link to.
    data: { hProperties: { id: releaseAnchor(release.title, release.version) } },
  };
  if (release.previous === null) {
    return [
      heading,
      ...note,
      paragraph(text(`The first release, with ${release.operations} operation${release.operations === 1 ? '' : 's'}.`)),
    ];
  }
  const byClass = (kind: ChangeClass) => release.changes.filter((change) => change.class === kind);
  const computed: RootContent[] = (['breaking', 'additive'] as const).flatMap((kind) => {
    const changes = byClass(kind);
    if (changes.length === 0) return [];
    const title =
      kind === 'breaking'
        ? [
            strong(CLASS_TITLES.breaking),
            text(' by the '),
            link(input.rulesHref, [text('versioning rules')]),
            text(':'),
          ]
        : [strong(CLASS_TITLES.additive), text(':')];
    return [paragraph(...title), list(changeItems(changes, input))];
  });
  const documentation = byClass('documentation');
  return [
    heading,
    ...note,
    paragraph(text(`Changes to the description since ${release.previous}, found by comparing the two:`)),
    ...computed,
    ...(documentation.length > 0 ? [documentationSummary(documentation, input)] : []),
    ...(release.changes.length === 0 ? [paragraph(text('None besides its version.'))] : []),
  ];
}

/** The whole changelog: a heading per day, newest first, then that day's releases. */
export function changelogNodes(input: ChangelogInput): RootContent[] {
  const days = [...new Set(input.releases.map((release) => release.date))];
  return days.flatMap((day) => [
    { type: 'heading', depth: 2, children: [text(day)] } satisfies RootContent,
    ...input.releases.filter((release) => release.date === day).flatMap((release) => releaseNodes(release, input)),
  ]);
}
