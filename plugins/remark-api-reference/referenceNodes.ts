/**
 * Markdown (mdast) for the reference blocks of the docs pages: an operation's method, path,
 * parameters, request body and responses; a schema's fields; request samples in tabs.
 */
import type { Heading, Paragraph, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { isObject, type JsonObject } from '../../openapi/document';
import { fieldRows, requiredAlternatives, schemaVariants, typeLabel } from './schemaFields';
import {
  encodeEnvironmentUrls,
  encodeScopeAlternatives,
  type EnvironmentUrl,
  type ScopeAlternatives,
} from '../../src/components/ApiEndpoint/endpointFacts';
import type { SampleOperation, SampleOptions } from './requestModel';
import { requestSamples } from './requestSamples';

/**
 * The class of the cells of generated field tables that the search index leaves out: the type, the
 * requirement and the description. The same blocks recur on many pages; their field names are what
 * readers search for, while "string", "Required" and "Optional" in every row would only add weight
 * to the index and noise to the results.
 */
export const UNINDEXED_FIELD_CELL_CLASS = 'api-field-unindexed';

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

const requirement = (required: boolean): PhrasingContent[] => [text(required ? 'Required' : 'Optional')];

/** The field table of an object schema, or `null` when it has no fields. */
export function fieldTable(schema: JsonObject, toPhrasing: ToPhrasing): Table | null {
  const rows = fieldRows(schema);
  if (rows.length === 0) return null;
  const fields = table(
    ['Field', 'Type', 'Required', 'Description'],
    rows.map((field) => [
      [code(field.name)],
      [text(field.type)],
      requirement(field.required),
      toPhrasing(field.description),
    ]),
  );
  for (const fieldRow of fields.children.slice(1)) {
    for (const unindexed of fieldRow.children.slice(1)) {
      unindexed.data = { hProperties: { className: [UNINDEXED_FIELD_CELL_CLASS] } };
    }
  }
  return fields;
}

/** A schema's fields, or for a `oneOf` its alternatives and what selects each. */
export function schemaNodes(schema: JsonObject, toPhrasing: ToPhrasing): RootContent[] {
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
  const fields = fieldTable(schema, toPhrasing);
  const rule = requiredAlternatives(schema);
  return [
    ...(fields ? [fields] : [paragraph(text(`A value of type ${typeLabel(schema)}.`))]),
    ...(rule ? [paragraph(...toPhrasing(rule))] : []),
  ];
}

function parametersTable(definition: JsonObject, toPhrasing: ToPhrasing): Table | null {
  const parameters = (Array.isArray(definition.parameters) ? definition.parameters : []).filter(isObject);
  if (parameters.length === 0) return null;
  return table(
    ['Name', 'In', 'Type', 'Required', 'Description'],
    parameters.map((parameter) => {
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      const description = [
        parameter.description,
        ...(Array.isArray(schema.enum)
          ? [`One of: ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}.`]
          : []),
      ]
        .filter((part) => typeof part === 'string' && part.trim())
        .join(' ');
      return [
        [code(String(parameter.name))],
        [text(String(parameter.in))],
        [text(typeLabel(schema))],
        requirement(parameter.required === true),
        toPhrasing(description),
      ];
    }),
  );
}

function mediaEntries(content: unknown): [string, JsonObject][] {
  return Object.entries(isObject(content) ? content : {}).filter((entry): entry is [string, JsonObject] =>
    isObject(entry[1]),
  );
}

function bodyLabel(content: unknown): PhrasingContent[] {
  const entries = mediaEntries(content);
  if (entries.length === 0) return [text('No body')];
  return entries.flatMap(([type, media], index) => [
    ...(index > 0 ? [text('; ')] : []),
    code(type),
    ...(isObject(media.schema) ? [text(`: ${typeLabel(media.schema)}`)] : []),
  ]);
}

/** The whole operation block of an endpoint page. */
export function operationNodes(
  operation: ReferenceOperation,
  depth: HeadingDepth,
  toPhrasing: ToPhrasing,
): RootContent[] {
  const { definition } = operation;
  const nodes: RootContent[] = [
    jsx('ApiEndpoint', {
      method: operation.method.toUpperCase(),
      path: operation.path,
      urls: encodeEnvironmentUrls(operation.urls),
      summary: typeof definition.summary === 'string' ? definition.summary : operation.operationId,
      security: encodeScopeAlternatives(operation.security),
      referenceHref: operation.referenceHref,
      operationId: operation.operationId,
    }),
  ];

  const parameters = parametersTable(definition, toPhrasing);
  if (parameters) nodes.push(heading(depth, 'Parameters'), parameters);

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
      if (isObject(media.schema)) nodes.push(...schemaNodes(media.schema, toPhrasing));
    }
  }

  const responses = Object.entries(isObject(definition.responses) ? definition.responses : {}).filter(
    (entry): entry is [string, JsonObject] => isObject(entry[1]),
  );
  nodes.push(
    heading(depth, 'Responses'),
    table(
      ['Status', 'Meaning', 'Body'],
      responses.map(([status, response]) => [
        [code(status)],
        toPhrasing(String(response.description ?? '')),
        bodyLabel(response.content),
      ]),
    ),
  );

  for (const [status, response] of responses) {
    if (!status.startsWith('2')) continue;
    const json = mediaEntries(response.content).find(([type]) => type.includes('json'));
    if (json && isObject(json[1].schema)) {
      nodes.push(heading(depth, `Response body (${status})`), ...schemaNodes(json[1].schema, toPhrasing));
      break;
    }
  }
  return nodes;
}

/** Request samples in tabs that remember the reader's language across pages. */
export function requestSampleNodes(operation: SampleOperation, options: SampleOptions = {}): RootContent[] {
  return [
    jsx(
      'Tabs',
      { groupId: 'request-language', className: 'request-samples' },
      requestSamples(operation, options).map((sample) =>
        jsx('TabItem', { value: sample.language, label: sample.label }, [
          { type: 'code', lang: sample.language, meta: null, value: sample.code },
        ]),
      ),
    ),
  ];
}
