/**
 * Markdown (mdast) for the reference blocks of the docs pages: an operation's method, path,
 * parameters, request body and responses; a schema's fields; request samples in tabs.
 */
import type { Heading, Paragraph, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { isObject, type JsonObject } from '../../openapi/document';
import {
  fieldTree,
  mergeAllOf,
  requiredAlternatives,
  schemaConstraints,
  schemaVariants,
  typeLabel,
  type FieldNode,
} from './schemaFields';
import { schemaComponent } from './resolveReferences';
import { fieldAnchor, UNINDEXED_FIELD_CLASS, type FieldScope } from '../../contracts/content/fieldAnchor';
import {
  encodeEnvironmentUrls,
  encodeScopeAlternatives,
  type EnvironmentUrl,
  type ScopeAlternatives,
} from '../../contracts/content/endpointFacts';
import { SAMPLE_RUNTIMES, SAMPLE_RUNTIMES_HREF } from '../../contracts/facts';
import type { SampleOperation, SampleOptions } from './requestModel';
import { requestSamples, type RequestSample } from './requestSamples';
import { TEST_VALUES_GUIDE, TEST_VALUES_HEADING, testValuesIntroduction, testValuesOf } from '../lib/behaviourProse';
import { deprecationNotice } from './deprecationNotice';

/** Turns a Markdown description into inline content for a table cell. */
export type ToPhrasing = (markdown: string) => PhrasingContent[];

export interface ReferenceOperation extends SampleOperation {
  readonly operationId: string;
  /** Where the operation is in the rendered reference, e.g. `/api/orders-api#operation/placeEquityOrder`. */
  readonly referenceHref: string;
  /** The operation's whole URL in each environment (its servers), sandbox first. */
  readonly urls: readonly EnvironmentUrl[];
  /** Its security requirements (its own, or else the description's): any one alternative is enough. */
  readonly security: ScopeAlternatives;
  /** The API version of its description, when not v1 (`v2`): its Try it panel loads that version's module. */
  readonly apiVersion?: string;
}

type HeadingDepth = Heading['depth'];

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const heading = (depth: HeadingDepth, value: string): Heading => ({ type: 'heading', depth, children: [text(value)] });
const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });
const row = (cells: PhrasingContent[][]): TableRow => ({ type: 'tableRow', children: cells.map(cell) });

function table(headers: string[], rows: PhrasingContent[][][]): Table {
  return {
    type: 'table',
    align: headers.map(() => null),
    children: [row(headers.map((name) => [text(name)])), ...rows.map(row)],
  };
}

const attribute = (name: string, value: string): MdxJsxAttribute => ({ type: 'mdxJsxAttribute', name, value });

function jsx(
  name: string,
  attributes: Record<string, string>,
  children: MdxJsxFlowElement['children'] = [],
): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([key, value]) => attribute(key, value)),
    children,
  };
}

/** One entry of a field reference: its line (name, type, ...), its description, then its own entries. */
export interface FieldEntry {
  readonly name: string;
  readonly anchor: string;
  readonly type?: string;
  readonly location?: string;
  readonly requirement?: 'required' | 'optional';
  readonly description: PhrasingContent[];
  readonly children?: readonly FieldEntry[];
  /** The component schema whose fields its children are, and whether its description is that schema's own. */
  readonly schema?: { readonly key: string; readonly describedBySchema: boolean };
}

/**
 * The `ApiFieldList` and `ApiField` props by which the page Markdown describes a shared schema once
 * (plugins/page-markdown/sharedSchemas.mjs); the components write them as the attributes config/pageMarkdown.mjs names.
 */
const SCHEMA_PROPS = {
  /** A list's or a field's fields are this component schema's (`accounts#/components/schemas/Money`). */
  schema: 'schema',
  /** On an `ApiSchema`'s list: this is where the page shows that schema on purpose. */
  home: 'schemaHome',
  /** On a field: its description is the schema's own, not the field's. */
  described: 'schemaDescribed',
} as const;

/** Folded from this nesting level down (the fields of a field of a field). */
const FOLDED_FROM_LEVEL = 2;

const requirement = (required: boolean) => (required ? 'required' : 'optional');

/** A field reference (`ApiFieldList` of `ApiField`s): a list a reader reads, nested as the fields are. */
export function fieldList(
  label: string,
  entries: readonly FieldEntry[],
  parent?: string,
  level = 0,
  schema?: { readonly key: string; readonly home: boolean },
): MdxJsxFlowElement {
  return jsx(
    'ApiFieldList',
    {
      label,
      ...(parent ? { parent } : {}),
      ...(level >= FOLDED_FROM_LEVEL ? { collapsed: 'true' } : {}),
      ...(schema ? { [SCHEMA_PROPS.schema]: schema.key } : {}),
      ...(schema?.home ? { [SCHEMA_PROPS.home]: 'true' } : {}),
    },
    entries.map(({ description, children = [], schema: fieldSchema, ...line }) =>
      jsx(
        'ApiField',
        {
          ...Object.fromEntries(Object.entries(line).filter((entry): entry is [string, string] => Boolean(entry[1]))),
          ...(fieldSchema ? { [SCHEMA_PROPS.schema]: fieldSchema.key } : {}),
          ...(fieldSchema?.describedBySchema ? { [SCHEMA_PROPS.described]: 'true' } : {}),
        },
        [
          ...(description.length > 0
            ? [{ ...paragraph(...description), data: { hProperties: { className: [UNINDEXED_FIELD_CLASS] } } }]
            : []),
          ...(children.length > 0 ? [fieldList(`Fields of ${line.name}`, children, line.name, level + 1)] : []),
        ],
      ),
    ),
  );
}

function fieldEntries(nodes: readonly FieldNode[], scope: FieldScope, toPhrasing: ToPhrasing): FieldEntry[] {
  return nodes.map((node) => ({
    name: node.key,
    anchor: fieldAnchor(scope, node.name),
    type: node.type,
    requirement: requirement(node.required),
    description: toPhrasing(node.description),
    children: fieldEntries(node.children, scope, toPhrasing),
    ...(node.schema ? { schema: node.schema } : {}),
  }));
}

/** The field reference of an object schema, or `null` when it has no fields; `home` as for `schemaNodes`. */
export function schemaFieldList(
  schema: JsonObject,
  scope: FieldScope,
  label: string,
  toPhrasing: ToPhrasing,
  home?: string,
): MdxJsxFlowElement | null {
  const nodes = fieldTree(schema);
  const key = home ?? schemaComponent(mergeAllOf(schema))?.key;
  return nodes.length === 0
    ? null
    : fieldList(
        label,
        fieldEntries(nodes, scope, toPhrasing),
        undefined,
        0,
        key ? { key, home: home !== undefined } : undefined,
      );
}

/**
 * A schema's fields (anchored under `scope`), or for a `oneOf` its alternatives and what selects each.
 * `label` names the list for assistive technology. `home`, the key of the component schema a page shows on purpose
 * (`<ApiSchema>`), makes this list the place the page Markdown describes that schema.
 */
export function schemaNodes(
  schema: JsonObject,
  scope: FieldScope,
  label: string,
  toPhrasing: ToPhrasing,
  home?: string,
): RootContent[] {
  const variants = schemaVariants(schema);
  if (variants.length > 0) {
    return [
      paragraph(text(`One of ${variants.length} schemas:`)),
      table(
        ['Schema', 'Selected by'],
        variants.map((variant) => [
          [text(variant.title)],
          variant.selector ? [code(variant.selector)] : [text('Its shape')],
        ]),
      ),
    ];
  }
  const fields = schemaFieldList(schema, scope, label, toPhrasing, home);
  const rule = requiredAlternatives(schema);
  return [
    ...(fields ? [fields] : [paragraph(text(`A value of type ${typeLabel(schema)}.`))]),
    ...(rule ? [paragraph(...toPhrasing(rule))] : []),
  ];
}

function parameterEntries(definition: JsonObject, toPhrasing: ToPhrasing): FieldEntry[] {
  const parameters = (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject);
  return parameters.map((parameter) => {
    const schema = isObject(parameter.schema) ? parameter.schema : {};
    // Its bounds and default as a field shows them: `limit` says "From 1 to 200. Default `50`."
    const description = [parameter.description, ...schemaConstraints(schema)]
      .filter((part) => typeof part === 'string' && part.trim())
      .join(' ');
    return {
      name: String(parameter.name),
      anchor: fieldAnchor(String(parameter.in), String(parameter.name)),
      type: typeLabel(schema),
      location: String(parameter.in),
      requirement: requirement(parameter.required === true),
      description: toPhrasing(description),
    };
  });
}

function mediaEntries(content: unknown): [string, JsonObject][] {
  return Object.entries(isObject(content) ? content : {}).filter((entry): entry is [string, JsonObject] =>
    isObject(entry[1]),
  );
}

/** `application/json: object (Money)`, or `No body`. */
function bodyLabel(content: unknown): string {
  const entries = mediaEntries(content);
  if (entries.length === 0) return 'No body';
  return entries
    .map(([type, media]) => (isObject(media.schema) ? `${type}: ${typeLabel(media.schema)}` : type))
    .join('; ');
}

/** `200`, `201` and `202`: status codes as inline code, joined for a sentence. */
const statusList = (statuses: readonly string[]) => {
  const codes = statuses.map((status) => `\`${status}\``);
  return codes.length === 1 ? codes[0] : `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}`;
};

/**
 * Every header the responses document, once each, with the statuses that send it: `X-Request-Id` comes with
 * every response, `Location` with a `201`, `Retry-After` with a `429` and a `503`. A header described
 * differently on two statuses gives each description with its statuses.
 */
function responseHeaderEntries(responses: readonly [string, JsonObject][], toPhrasing: ToPhrasing): FieldEntry[] {
  const byName = new Map<string, { name: string; uses: { status: string; header: JsonObject }[] }>();
  for (const [status, response] of responses) {
    for (const [name, header] of Object.entries(isObject(response.headers) ? response.headers : {})) {
      if (!isObject(header)) continue;
      // Header names are case-insensitive: one entry, spelled as the first response spells it.
      const entry = byName.get(name.toLowerCase()) ?? { name, uses: [] };
      entry.uses.push({ status, header });
      byName.set(name.toLowerCase(), entry);
    }
  }
  return [...byName.values()].map(({ name, uses }) => {
    const schemaOf = (header: JsonObject) => (isObject(header.schema) ? header.schema : {});
    const sentence = (header: JsonObject) =>
      [typeof header.description === 'string' ? header.description.trim() : '', ...schemaConstraints(schemaOf(header))]
        .filter(Boolean)
        .join(' ');
    const groups = new Map<string, string[]>();
    for (const { status, header } of uses)
      groups.set(sentence(header), [...(groups.get(sentence(header)) ?? []), status]);
    const everyResponse = uses.length === responses.length;
    const parts = [...groups].map(([text, statuses]) =>
      [everyResponse && groups.size === 1 ? 'With every response.' : `With ${statusList(statuses)}.`, text]
        .filter(Boolean)
        .join(' '),
    );
    const types = [...new Set(uses.map(({ header }) => typeLabel(schemaOf(header))))];
    return {
      name,
      anchor: fieldAnchor('responseHeader', name),
      type: types.join(' or '),
      description: toPhrasing(parts.join('\n\n')),
    };
  });
}

/** The whole operation block of an endpoint page. */
export function operationNodes(
  operation: ReferenceOperation,
  depth: HeadingDepth,
  toPhrasing: ToPhrasing,
): RootContent[] {
  const { definition } = operation;
  const nodes: RootContent[] = [
    ...deprecationNotice(definition),
    jsx('ApiEndpoint', {
      method: operation.method.toUpperCase(),
      path: operation.path,
      urls: encodeEnvironmentUrls(operation.urls),
      summary: typeof definition.summary === 'string' ? definition.summary : operation.operationId,
      security: encodeScopeAlternatives(operation.security),
      referenceHref: operation.referenceHref,
      operationId: operation.operationId,
      ...(operation.apiVersion && operation.apiVersion !== 'v1' ? { apiVersion: operation.apiVersion } : {}),
    }),
  ];

  const parameters = parameterEntries(definition, toPhrasing);
  if (parameters.length > 0) nodes.push(heading(depth, 'Parameters'), fieldList('Parameters', parameters));

  const requestBody = isObject(definition.requestBody) ? definition.requestBody : null;
  if (requestBody) {
    nodes.push(heading(depth, 'Request body'));
    for (const [type, media] of mediaEntries(requestBody.content)) {
      const intro: PhrasingContent[] = [
        code(type),
        text(requestBody.required === true ? ', required.' : ', optional.'),
      ];
      if (typeof requestBody.description === 'string') intro.push(text(' '), ...toPhrasing(requestBody.description));
      nodes.push(paragraph(...intro));
      if (isObject(media.schema)) {
        nodes.push(...schemaNodes(media.schema, 'request', 'Request body fields', toPhrasing));
      }
    }
  }

  const responses = Object.entries(isObject(definition.responses) ? definition.responses : {}).filter(
    (entry): entry is [string, JsonObject] => isObject(entry[1]),
  );
  nodes.push(
    heading(depth, 'Responses'),
    fieldList(
      'Responses',
      responses.map(([status, response]) => ({
        name: status,
        anchor: fieldAnchor('status', status),
        type: bodyLabel(response.content),
        description: toPhrasing(String(response.description ?? '')),
      })),
    ),
  );

  const headers = responseHeaderEntries(responses, toPhrasing);
  if (headers.length > 0) nodes.push(heading(depth, 'Response headers'), fieldList('Response headers', headers));

  // The success response, the same way on every endpoint page: its fields, or that it has no body.
  const success = responses.find(([status]) => status.startsWith('2'));
  if (success) {
    const [status, response] = success;
    const json = mediaEntries(response.content).find(([type]) => type.includes('json'));
    nodes.push(
      heading(depth, `Response body (${status})`),
      ...(json && isObject(json[1].schema)
        ? schemaNodes(json[1].schema, 'response', `Response body fields (${status})`, toPhrasing)
        : [
            paragraph(
              text(mediaEntries(response.content).length === 0 ? 'No body.' : `${bodyLabel(response.content)}.`),
            ),
          ]),
    );
  }
  nodes.push(...testValueNodes(definition, depth, toPhrasing));
  return nodes;
}

/** The requests that force each outcome in the sandbox (`x-sandbox-test-values`), as a table, or nothing. */
function testValueNodes(definition: JsonObject, depth: HeadingDepth, toPhrasing: ToPhrasing): RootContent[] {
  const rows = testValuesOf(definition);
  if (rows.length === 0) return [];
  return [
    heading(depth, TEST_VALUES_HEADING),
    paragraph(...toPhrasing(testValuesIntroduction(TEST_VALUES_GUIDE))),
    table(
      ['You send', 'Outcome'],
      rows.map((row) => [
        toPhrasing(row.when),
        row.outcome
          .map((value) => code(value))
          .flatMap((value, index) => (index === 0 ? [value] : [text(', '), value])),
      ]),
    ),
  ];
}

/**
 * The line under a JavaScript or Python sample: the runtime it needs, linked to the section that says what the
 * samples need, and how to run it as pasted. A curl sample needs only a shell (that section says so too).
 */
function sampleRuntimeNote(language: RequestSample['language']): Paragraph | null {
  if (language === 'bash') return null;
  const { requirement, fileExtension, command } = SAMPLE_RUNTIMES[language];
  return paragraph(
    text('Needs '),
    { type: 'link', url: SAMPLE_RUNTIMES_HREF, children: [text(requirement)] },
    text(': save it as a '),
    code(fileExtension),
    text(language === 'javascript' ? ' file (an ES module) and run it with ' : ' file and run it with '),
    code(command),
    text('.'),
  );
}

/** Request samples in tabs that remember the reader's language across pages. */
export function requestSampleNodes(operation: SampleOperation, options: SampleOptions = {}): RootContent[] {
  return [
    jsx(
      'Tabs',
      { groupId: 'request-language', className: 'request-samples' },
      requestSamples(operation, options).map((sample) => {
        const note = sampleRuntimeNote(sample.language);
        return jsx('TabItem', { value: sample.language, label: sample.label }, [
          { type: 'code', lang: sample.language, meta: null, value: sample.code },
          ...(note ? [note] : []),
        ]);
      }),
    ),
  ];
}
