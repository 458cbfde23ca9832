/**
 * Every change between two versions of one API description, each classified by the versioning page's rules
 * (`rules.ts`) and placed: its operation, request or response, a JSON pointer and the field anchors of the endpoint
 * page. api-smart-diff finds the raw changes (it follows `$ref`s, so a change to a shared schema is reported at every
 * operation that uses it, on the request or the response side); this module decides what each one means here.
 * Where api-smart-diff's own breaking/non-breaking judgement differs from the page's, the page wins: a new
 * enumeration value in a response is breaking to api-smart-diff and additive to the page, a removed one is harmless
 * to api-smart-diff and breaking to the page.
 */
import { apiCompare, type Diff } from 'api-smart-diff';
import { fieldAnchor } from '../../contracts/content/fieldAnchor';
import { referenced } from '../descriptions';
import { HTTP_METHODS, isObject, type JsonObject } from '../document';
import { FIELD_REFERENCE_DEPTH } from '../../plugins/remark-api-reference/schemaFields';
import { CHANGE_RULES, type ChangeClass, type ChangeRuleId } from './rules';

interface ChangedOperation {
  readonly operationId: string;
  /** Upper case, as the pages write it: `POST`. */
  readonly method: string;
  readonly path: string;
}

interface ChangeLocation {
  /** `request` (parameters, body), `response` (a status, its headers and body), or the operation or description as a whole. */
  readonly side: 'request' | 'response' | 'operation' | 'description';
  /**
   * Where the change is, as a JSON pointer through the description with its `$ref`s followed (a shared schema's
   * field is reached through each operation that uses it): `/paths/~1orders~1equity/post/requestBody/…/enum/3`.
   */
  readonly pointer: string;
  /** The field's dotted path as the field reference names it (`owners[].legalAddress.city`), if a field changed. */
  readonly field?: string;
  /** The response status whose answer changed, if one did. */
  readonly status?: string;
  /** The parameter that changed, if one did. */
  readonly parameter?: { readonly name: string; readonly in: string };
  /**
   * The anchors of the endpoint page (`contracts/content/fieldAnchor.ts`) that show what changed: a field
   * (`request.limitPrice.amount`, `response.status`), a parameter (`query.limit`) or a status (`status.404`).
   * Empty where the page has none (a field nested deeper than the reference shows, a schema's alternatives).
   */
  readonly anchors: readonly string[];
}

export interface DescriptionChange {
  readonly class: ChangeClass;
  readonly rule: { readonly id: ChangeRuleId; readonly wording: string };
  /** The operation it changes; `null` for a change to the description as a whole (its info, servers, tags). */
  readonly operation: ChangedOperation | null;
  readonly location: ChangeLocation;
  /** One line for a reader: ``POST /orders/equity (placeEquityOrder): value `FOK` removed from request field `timeInForce` ``. */
  readonly description: string;
}

type Method = (typeof HTTP_METHODS)[number];
type PathPart = string | number;

const pointerOf = (parts: readonly PathPart[]) =>
  parts.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** The node at `parts` of `document`, following `$ref`s on the way as api-smart-diff does. */
function nodeAt(document: JsonObject, parts: readonly PathPart[]): unknown {
  return parts.reduce<unknown>((node, part) => {
    const here = referenced(document, node);
    if (Array.isArray(here)) return typeof part === 'number' ? here[part] : undefined;
    return isObject(here) ? here[String(part)] : undefined;
  }, document);
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const quote = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const isSuccess = (status: string) => /^2/.test(status);
const isError = (status: string) => /^[45]/.test(status);

/** Keywords that only say what a value means to a reader. */
const DOCUMENTATION_KEYWORDS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'tags',
  '$comment',
  'discriminator',
  'xml',
]);
const isDocumentation = (key: PathPart | undefined) =>
  typeof key === 'string' && (DOCUMENTATION_KEYWORDS.has(key) || key.startsWith('x-'));

/** Upper limits: a smaller value, or a new one, refuses what was accepted. */
const UPPER_LIMITS = new Set(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties', 'maxContains']);
/** Lower limits: a larger value, or a new one, refuses what was accepted. */
const LOWER_LIMITS = new Set(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties', 'minContains']);

/** What the page says of a schema, fixed by the place the change is at. */
interface SchemaPlace {
  readonly side: 'request' | 'response';
  /** The response status, for a response body. */
  readonly status?: string;
  /** The anchor scope of the fields here (`request`, `response`), or null where the page anchors none. */
  readonly scope: string | null;
  /** Where the schema starts in the raw path. */
  readonly prefix: readonly PathPart[];
  /** The name of a parameter, whose schema is the parameter's value. */
  readonly parameter?: { readonly name: string; readonly in: string };
  /** The name of a response header, whose schema is the header's value. */
  readonly header?: string;
}

/** The field a schema path leads to, and the keyword path that changed under it. */
interface SchemaTarget {
  readonly names: readonly string[];
  /** The raw path of the schema that holds the keyword (the field's own schema). */
  readonly schemaPath: readonly PathPart[];
  /** The keyword and what is under it (`['enum', 3]`), or empty when the field itself was added or removed. */
  readonly keyword: readonly PathPart[];
  /** A whole property added or removed (the last name is the property). */
  readonly wholeProperty: boolean;
  readonly anchorable: boolean;
}

function schemaTarget(documents: readonly JsonObject[], place: SchemaPlace, rest: readonly PathPart[]): SchemaTarget {
  const names: string[] = [];
  let anchorable = place.scope !== null;
  let index = 0;
  let schemaPath = [...place.prefix];
  while (index < rest.length) {
    const part = rest[index];
    const next = rest[index + 1];
    if (part === 'properties' && next !== undefined) {
      names.push(String(next));
      if (index + 2 === rest.length) {
        return {
          names,
          schemaPath,
          keyword: [],
          wholeProperty: true,
          anchorable: anchorable && names.length <= FIELD_REFERENCE_DEPTH,
        };
      }
      schemaPath = [...schemaPath, part, next];
      index += 2;
    } else if (part === 'items' && !(typeof next === 'number')) {
      if (names.length > 0) names[names.length - 1] = `${names[names.length - 1]}[]`;
      else anchorable = false;
      schemaPath = [...schemaPath, part];
      index += 1;
    } else if ((part === 'oneOf' || part === 'anyOf' || part === 'allOf') && typeof next === 'number') {
      if (part !== 'allOf') {
        // The page lists fields through `X or null` only; real alternatives are a table without field anchors.
        const variants = documents
          .map((document) => asArray(referenced(document, nodeAt(document, [...schemaPath, part]))))
          .map((members) => members.filter((member) => !(isObject(member) && member.type === 'null')).length);
        if (Math.max(...variants) > 1) anchorable = false;
      }
      if (index + 2 === rest.length)
        return { names, schemaPath, keyword: [part, next], wholeProperty: false, anchorable };
      schemaPath = [...schemaPath, part, next];
      index += 2;
    } else {
      break;
    }
  }
  return {
    names,
    schemaPath,
    keyword: rest.slice(index),
    wholeProperty: false,
    anchorable: anchorable && names.length <= FIELD_REFERENCE_DEPTH,
  };
}

interface RawChange {
  readonly rule: ChangeRuleId;
  readonly what: string;
  readonly location: ChangeLocation;
}

interface Context {
  readonly before: JsonObject;
  readonly after: JsonObject;
  readonly documents: readonly JsonObject[];
}

/** The first success status of an operation: its fields are the ones the endpoint page anchors under `response`. */
function successStatus(context: Context, operationPath: readonly PathPart[]): string | undefined {
  for (const document of [context.after, context.before]) {
    const responses = referenced(document, nodeAt(document, [...operationPath, 'responses']));
    const status = isObject(responses) ? Object.keys(responses).find(isSuccess) : undefined;
    if (status) return status;
  }
  return undefined;
}

const responseName = (status: string | undefined) => (status ? `the ${status} response` : 'the response');

function fieldLabel(side: 'request' | 'response', status: string | undefined, field: string) {
  return side === 'request' ? `request field ${quote(field)}` : `field ${quote(field)} of ${responseName(status)}`;
}

function typesOf(schema: unknown): Set<string> {
  if (!isObject(schema)) return new Set();
  return new Set(asArray(schema.type).map(String));
}

/** A schema keyword changed: what the page calls it, on the request side or the response side. */
function schemaChange(context: Context, place: SchemaPlace, diff: Diff, rest: readonly PathPart[]): RawChange[] {
  const target = schemaTarget(context.documents, place, rest);
  const fieldName = target.names.join('.');
  const subject = place.parameter
    ? `${place.parameter.in} parameter ${quote(place.parameter.name)}${fieldName ? ` (${quote(fieldName)})` : ''}`
    : place.header
      ? `response header ${quote(place.header)} of ${responseName(place.status)}`
      : fieldName
        ? fieldLabel(place.side, place.status, fieldName)
        : place.side === 'request'
          ? 'the request body'
          : `${responseName(place.status)} body`;
  const anchors = place.parameter
    ? [fieldAnchor(place.parameter.in, place.parameter.name)]
    : place.header
      ? [fieldAnchor('responseHeader', place.header)]
      : target.anchorable && place.scope && fieldName
        ? [fieldAnchor(place.scope, fieldName)]
        : place.status && place.side === 'response' && place.scope === null
          ? [fieldAnchor('status', place.status)]
          : [];
  const location: ChangeLocation = {
    side: place.side,
    pointer: pointerOf(diff.path),
    ...(fieldName ? { field: fieldName } : {}),
    ...(place.status ? { status: place.status } : {}),
    ...(place.parameter ? { parameter: place.parameter } : {}),
    anchors,
  };
  const change = (rule: ChangeRuleId, what: string): RawChange[] => [{ rule, what, location }];
  const request = place.side === 'request';
  const errorBody = place.side === 'response' && place.status !== undefined && isError(place.status);

  if (target.wholeProperty) {
    if (diff.action === 'add') {
      if (!request) return change('response-field-added', `${subject} added`);
      const parent = referenced(context.after, nodeAt(context.after, target.schemaPath));
      const required = isObject(parent) && asArray(parent.required).includes(target.names.at(-1));
      return required
        ? change('required-added', `required ${subject} added`)
        : change('optional-request-field-added', `optional ${subject} added`);
    }
    if (diff.action === 'remove') return change('field-removed', `${subject} removed`);
    return change('type-changed', `${subject} replaced`);
  }

  const [keyword, item] = target.keyword;
  if (keyword === undefined) {
    // A whole schema (a body's, an array's items) appears, goes or is replaced.
    if (diff.action === 'add')
      return change(request ? 'validation-tightened' : 'other-compatible', `${subject}: schema added`);
    if (diff.action === 'remove')
      return change(request ? 'validation-relaxed' : 'type-changed', `${subject}: schema removed`);
    return change('type-changed', `${subject}: schema replaced`);
  }
  if (keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'allOf') {
    const more = diff.action === 'add';
    if (keyword === 'allOf') {
      // A part added to an `allOf` narrows what the schema allows; a part removed widens it.
      const rule = request
        ? more
          ? 'validation-tightened'
          : 'validation-relaxed'
        : more
          ? 'other-compatible'
          : 'type-changed';
      return change(rule, `${subject}: a part of its schema ${more ? 'added' : 'removed'}`);
    }
    if (request)
      return change(
        more ? 'validation-relaxed' : 'validation-tightened',
        `${subject} accepts ${more ? 'another' : 'one fewer'} shape`,
      );
    return change(
      more ? 'type-changed' : 'other-compatible',
      `${subject} ${more ? 'may take another' : 'takes one fewer'} shape`,
    );
  }
  if (isDocumentation(keyword)) return change('documentation', `${subject}: ${String(keyword)} ${verb(diff)}`);
  if (keyword === 'deprecated') {
    return change(
      diff.after === true ? 'deprecated' : 'documentation',
      `${subject} ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`,
    );
  }

  if (keyword === 'enum') {
    const added = diff.action === 'remove' ? [] : item === undefined ? asArray(diff.after) : [diff.after];
    const removed = diff.action === 'add' ? [] : item === undefined ? asArray(diff.before) : [diff.before];
    const enumIn = (document: JsonObject) => {
      const schema = referenced(document, nodeAt(document, target.schemaPath));
      return isObject(schema) && Array.isArray(schema.enum) ? schema.enum : null;
    };
    const [enumBefore, enumAfter] = [enumIn(context.before), enumIn(context.after)];
    if ((enumBefore === null) !== (enumAfter === null)) {
      // The whole list appears or goes (api-smart-diff may report it value by value: the same line each time, kept
      // once): the field now takes only those values, or any value of its type.
      const limited = enumBefore === null;
      const values = asArray(limited ? enumAfter : enumBefore)
        .map(quote)
        .join(', ');
      const what = `${subject} ${limited ? 'now takes only' : 'is no longer limited to'} ${values}`;
      const rule = request
        ? limited
          ? 'validation-tightened'
          : 'validation-relaxed'
        : limited
          ? 'other-compatible'
          : 'type-changed';
      const listPointer = pointerOf(item === undefined ? diff.path : diff.path.slice(0, -1));
      return [{ rule, what, location: { ...location, pointer: listPointer } }];
    }
    return [
      ...removed.flatMap((value) =>
        change(
          errorBody ? 'error-code-changed' : 'enum-value-removed',
          `value ${quote(value)} removed from ${subject}`,
        ),
      ),
      ...added.flatMap((value) =>
        change(errorBody ? 'error-code-added' : 'enum-value-added', `value ${quote(value)} added to ${subject}`),
      ),
    ];
  }

  if (keyword === 'required') {
    const added = diff.action === 'remove' ? [] : item === undefined ? asArray(diff.after) : [diff.after];
    const removed = diff.action === 'add' ? [] : item === undefined ? asArray(diff.before) : [diff.before];
    const propertyIn = (document: JsonObject, name: unknown) => {
      const schema = referenced(document, nodeAt(document, target.schemaPath));
      const properties = isObject(schema) ? referenced(document, schema.properties) : undefined;
      return isObject(properties) && String(name) in properties;
    };
    const named = (name: unknown) => (fieldName ? `${fieldName}.${String(name)}` : String(name));
    const label = (name: unknown) => (place.parameter ? subject : fieldLabel(place.side, place.status, named(name)));
    // The change is the named field's, not its parent's: it is reported, and anchored, there.
    const ofField = (rule: ChangeRuleId, name: unknown, what: string): RawChange[] => {
      if (place.parameter) return change(rule, what);
      const field = named(name);
      const fieldAnchors =
        target.anchorable && place.scope && target.names.length < FIELD_REFERENCE_DEPTH
          ? [fieldAnchor(place.scope, field)]
          : anchors;
      return [{ rule, what, location: { ...location, field, anchors: fieldAnchors } }];
    };
    return [
      // A property added or removed together with its `required` entry is one change, reported with the property.
      ...added
        .filter((name) => propertyIn(context.before, name))
        .flatMap((name) =>
          request
            ? ofField('became-required', name, `${label(name)} became required`)
            : ofField('other-compatible', name, `${label(name)} is now always present`),
        ),
      ...removed
        .filter((name) => propertyIn(context.after, name))
        .flatMap((name) =>
          request
            ? ofField('validation-relaxed', name, `${label(name)} became optional`)
            : ofField('field-removed', name, `${label(name)} is no longer always present`),
        ),
    ];
  }

  if (keyword === 'type') {
    const before = typesOf(referenced(context.before, nodeAt(context.before, target.schemaPath)));
    const after = typesOf(referenced(context.after, nodeAt(context.after, target.schemaPath)));
    const widened = [...before].every((type) => after.has(type));
    const narrowed = [...after].every((type) => before.has(type));
    const from = [...before].join(' or ') || 'any';
    const to = [...after].join(' or ') || 'any';
    const what = `${subject} changed type from ${from} to ${to}`;
    if (request && widened) return change('validation-relaxed', what);
    if (!request && narrowed) return change('other-compatible', what);
    return change('type-changed', what);
  }
  if (keyword === 'format' || keyword === 'contentEncoding' || keyword === 'contentMediaType') {
    return change(
      'type-changed',
      `${subject} changed ${keyword} from ${quote(diff.before ?? 'none')} to ${quote(diff.after ?? 'none')}`,
    );
  }
  if (keyword === 'default') {
    // What the server assumes when the field is left out: the meaning of a request that leaves it out changes.
    return change(
      request ? 'type-changed' : 'documentation',
      `${subject} changed its default from ${quote(diff.before ?? 'none')} to ${quote(diff.after ?? 'none')}`,
    );
  }
  if (keyword === 'readOnly' || keyword === 'writeOnly') {
    return change('type-changed', `${subject} ${diff.after === true ? 'became' : 'is no longer'} ${keyword}`);
  }

  const tightened = isTightened(String(keyword), diff);
  const what = `${subject}: ${String(keyword)} ${describeValue(diff)}`;
  if (request) return change(tightened ? 'validation-tightened' : 'validation-relaxed', what);
  // A response that promises narrower values than before cannot break a client; one that may send wider values can.
  return change(tightened ? 'other-compatible' : 'type-changed', what);
}

const verb = (diff: Diff) => ({ add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' })[diff.action];

function describeValue(diff: Diff): string {
  if (diff.action === 'add') return `set to ${quote(diff.after)}`;
  if (diff.action === 'remove') return `${quote(diff.before)} removed`;
  return `changed from ${quote(diff.before)} to ${quote(diff.after)}`;
}

/** Whether a constraint change refuses a value that was accepted (otherwise it accepts more, or the same). */
function isTightened(keyword: string, diff: Diff): boolean {
  const { before, after } = diff;
  if (UPPER_LIMITS.has(keyword)) {
    if (diff.action === 'add') return true;
    if (diff.action === 'remove') return false;
    return Number(after) < Number(before);
  }
  if (LOWER_LIMITS.has(keyword)) {
    if (diff.action === 'add') return true;
    if (diff.action === 'remove') return false;
    return Number(after) > Number(before);
  }
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties' || keyword === 'uniqueItems') {
    // `additionalProperties: false` and `uniqueItems: true` refuse; their absence or opposite accepts.
    const refuses = (value: unknown) => (keyword === 'uniqueItems' ? value === true : value === false);
    return refuses(after) && !refuses(before);
  }
  // Any other constraint (`pattern`, `const`, `multipleOf`, `not`, `if`, `dependentRequired`, …): a new or
  // changed one may refuse what was accepted; only its removal surely accepts more.
  return diff.action !== 'remove';
}

function operationOf(document: JsonObject, route: string, method: Method): ChangedOperation | null {
  const operation = referenced(document, nodeAt(document, ['paths', route, method]));
  if (!isObject(operation)) return null;
  return {
    operationId: String(operation.operationId ?? `${method} ${route}`),
    method: method.toUpperCase(),
    path: route,
  };
}

/** A change under one operation (`paths/{route}/{method}/…`). */
function operationChange(
  context: Context,
  diff: Diff,
  route: string,
  method: Method,
  rest: readonly PathPart[],
): RawChange[] {
  const operationPath = ['paths', route, method];
  // Where the changed part starts: the operation's own path, or its path item's for the parameters it shares.
  const base = diff.path.slice(0, diff.path.length - rest.length);
  const pointer = pointerOf(diff.path);
  const whole: ChangeLocation = { side: 'operation', pointer, anchors: [] };
  const [key, second, third, fourth] = rest;
  const change = (rule: ChangeRuleId, what: string, location: ChangeLocation = whole): RawChange[] => [
    { rule, what, location },
  ];

  if (key === undefined) {
    if (diff.action === 'add') return change('operation-added', 'operation added');
    if (diff.action === 'remove') return change('operation-removed', 'operation removed');
    return [];
  }
  if (key === 'security') return []; // Compared per operation, with the description's own default (scopeChanges).
  if (key === 'operationId')
    return change('operation-removed', `operationId renamed from ${quote(diff.before)} to ${quote(diff.after)}`);
  if (key === 'deprecated') {
    return change(
      diff.after === true ? 'deprecated' : 'documentation',
      diff.after === true ? 'operation deprecated' : 'operation no longer deprecated',
    );
  }
  if (key === 'servers' && !rest.some(isDocumentation))
    return change(
      diff.action === 'add' && second === undefined ? 'other-compatible' : 'server-changed',
      `servers ${verb(diff)}`,
    );
  if (isDocumentation(key)) return change('documentation', `${String(key)} ${verb(diff)}`);

  if (key === 'parameters' && second === undefined && (diff.action === 'add' || diff.action === 'remove')) {
    // The whole list appears or goes: each of its parameters.
    const listed = asArray(diff.action === 'add' ? diff.after : diff.before);
    return listed.flatMap((parameter, index) =>
      operationChange(
        context,
        {
          ...diff,
          path: [...diff.path, index],
          before: diff.action === 'remove' ? parameter : undefined,
          after: diff.action === 'add' ? parameter : undefined,
        },
        route,
        method,
        [key, index],
      ),
    );
  }
  if (key === 'parameters' && typeof second === 'number') {
    // api-smart-diff matches parameters by name and location: one it reports by index keeps its index in the
    // earlier description, and a new one is given the next free index.
    const parameter = referenced(
      context.before,
      diff.action === 'add' && third === undefined ? diff.after : nodeAt(context.before, [...base, key, second]),
    );
    const fallback = referenced(context.after, diff.action === 'remove' ? undefined : diff.after);
    const definition = isObject(parameter) ? parameter : isObject(fallback) ? fallback : {};
    const named = { name: String(definition.name), in: String(definition.in) };
    const location: ChangeLocation = {
      side: 'request',
      pointer,
      parameter: named,
      anchors: [fieldAnchor(named.in, named.name)],
    };
    const label = `${named.in} parameter ${quote(named.name)}`;
    if (third === undefined) {
      if (diff.action === 'add') {
        return definition.required === true
          ? change('required-added', `required ${label} added`, location)
          : change('optional-parameter-added', `optional ${label} added`, location);
      }
      if (diff.action === 'remove') return change('parameter-removed', `${label} removed`, location);
      return change('parameter-removed', `${label} replaced`, location);
    }
    if (third === 'required') {
      return diff.after === true
        ? change('became-required', `${label} became required`, location)
        : change('validation-relaxed', `${label} became optional`, location);
    }
    if (third === 'deprecated') {
      return change(
        diff.after === true ? 'deprecated' : 'documentation',
        `${label} ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`,
        location,
      );
    }
    if (third === 'schema') {
      const place: SchemaPlace = {
        side: 'request',
        scope: null,
        prefix: [...base, key, second, third],
        parameter: named,
      };
      return schemaChange(context, place, diff, rest.slice(3));
    }
    if (third === 'name' && named.in === 'path') {
      // A path parameter's name is the template's placeholder: the URL a client calls stays the same.
      return change('documentation', `path parameter ${quote(diff.before)} renamed to ${quote(diff.after)}`, location);
    }
    if (third === 'in' || third === 'name') return change('parameter-removed', `${label}: ${third} changed`, location);
    if (isDocumentation(third)) return change('documentation', `${label}: ${String(third)} ${verb(diff)}`, location);
    // style, explode, allowEmptyValue, content: how the value is written changes.
    return change('type-changed', `${label}: ${String(third)} ${verb(diff)}`, location);
  }

  if (key === 'requestBody') {
    const bodyLocation: ChangeLocation = { side: 'request', pointer, anchors: [] };
    if (second === undefined) {
      if (diff.action === 'add') {
        const body = referenced(context.after, diff.after);
        return isObject(body) && body.required === true
          ? change('required-added', 'required request body added', bodyLocation)
          : change('optional-request-field-added', 'optional request body added', bodyLocation);
      }
      return change('field-removed', 'request body removed', bodyLocation);
    }
    if (second === 'required') {
      return diff.after === true
        ? change('became-required', 'request body became required', bodyLocation)
        : change('validation-relaxed', 'request body became optional', bodyLocation);
    }
    if (second === 'content' && third !== undefined) {
      const media = String(third);
      if (fourth === undefined) {
        return diff.action === 'add'
          ? change('validation-relaxed', `request body accepts ${quote(media)}`, bodyLocation)
          : change('validation-tightened', `request body no longer accepts ${quote(media)}`, bodyLocation);
      }
      if (fourth === 'schema') {
        const place: SchemaPlace = {
          side: 'request',
          scope: 'request',
          prefix: [...operationPath, key, second, third, fourth],
        };
        return schemaChange(context, place, diff, rest.slice(4));
      }
      if (fourth === 'encoding')
        return change('type-changed', `request body ${quote(media)}: encoding ${verb(diff)}`, bodyLocation);
      return change('documentation', `request body ${quote(media)}: ${String(fourth)} ${verb(diff)}`, bodyLocation);
    }
    return change('documentation', `request body: ${String(second)} ${verb(diff)}`, bodyLocation);
  }

  if (key === 'responses' && second !== undefined) {
    const status = String(second);
    const statusLocation: ChangeLocation = {
      side: 'response',
      pointer,
      status,
      anchors: [fieldAnchor('status', status)],
    };
    if (third === undefined) {
      const added = diff.action === 'add';
      if (isSuccess(status)) {
        return change(
          'success-status-changed',
          `success response ${status} ${added ? 'added' : 'removed'}`,
          statusLocation,
        );
      }
      if (isError(status)) {
        return added
          ? change('error-code-added', `error response ${status} added`, statusLocation)
          : change(
              'error-code-changed',
              `error response ${status} removed: its condition now answers otherwise`,
              statusLocation,
            );
      }
      return change(
        added ? 'other-compatible' : 'field-removed',
        `response ${status} ${added ? 'added' : 'removed'}`,
        statusLocation,
      );
    }
    if (third === 'headers' && fourth !== undefined) {
      const header = String(fourth);
      // The page lists each header once, under Response headers, and each status under Responses.
      const headerLocation: ChangeLocation = {
        ...statusLocation,
        anchors: [fieldAnchor('responseHeader', header), ...statusLocation.anchors],
      };
      if (rest.length === 4) {
        return diff.action === 'add'
          ? change(
              'response-header-added',
              `response header ${quote(header)} added to the ${status} response`,
              headerLocation,
            )
          : change(
              'response-header-removed',
              `response header ${quote(header)} removed from the ${status} response`,
              headerLocation,
            );
      }
      if (isDocumentation(rest[4]))
        return change(
          'documentation',
          `response header ${quote(header)}: ${String(rest[4])} ${verb(diff)}`,
          headerLocation,
        );
      if (rest[4] === 'schema') {
        // What the header's value may be, judged as a response field's: a narrower value promises less.
        const place: SchemaPlace = {
          side: 'response',
          status,
          scope: null,
          header,
          prefix: [...operationPath, ...rest.slice(0, 5)],
        };
        return schemaChange(context, place, diff, rest.slice(5));
      }
      if (rest[4] === 'required' && rest.length === 5) {
        return diff.after === true
          ? change(
              'other-compatible',
              `response header ${quote(header)} of the ${status} response is now always sent`,
              headerLocation,
            )
          : change(
              'field-removed',
              `response header ${quote(header)} of the ${status} response may now be left out`,
              headerLocation,
            );
      }
      return change(
        'type-changed',
        `response header ${quote(header)} of the ${status} response changed`,
        headerLocation,
      );
    }
    if (third === 'content' && fourth !== undefined) {
      const media = String(fourth);
      const [, , , , fifth] = rest;
      if (fifth === undefined) {
        return diff.action === 'add'
          ? change('response-field-added', `the ${status} response may be ${quote(media)}`, statusLocation)
          : change('field-removed', `the ${status} response is no longer ${quote(media)}`, statusLocation);
      }
      if (fifth === 'schema') {
        const success = successStatus(context, operationPath) === status && media.includes('json');
        const place: SchemaPlace = {
          side: 'response',
          status,
          scope: success ? 'response' : null,
          prefix: [...operationPath, key, second, third, fourth, fifth],
        };
        return schemaChange(context, place, diff, rest.slice(5));
      }
      return change('documentation', `the ${status} response: ${String(fifth)} ${verb(diff)}`, statusLocation);
    }
    if (third === 'links')
      return change(
        diff.action === 'remove' ? 'field-removed' : 'other-compatible',
        `the ${status} response: links ${verb(diff)}`,
        statusLocation,
      );
    return change('documentation', `the ${status} response: ${String(third)} ${verb(diff)}`, statusLocation);
  }

  if (key === 'callbacks')
    return change(diff.action === 'add' ? 'operation-added' : 'operation-removed', `callback ${verb(diff)}`);
  return change('documentation', `${String(key)} ${verb(diff)}`);
}

/** The scopes an operation needs: its own security requirements, or else the description's. */
function securityOf(document: JsonObject, operation: JsonObject): string[] {
  const requirements = asArray(referenced(document, operation.security ?? document.security));
  return requirements
    .filter(isObject)
    .map((requirement) =>
      Object.entries(requirement)
        .map(([scheme, scopes]) => `${scheme}: ${asArray(scopes).map(String).sort().join(', ') || '(no scope)'}`)
        .sort()
        .join(' and '),
    )
    .sort();
}

/** Scopes compared per operation, so that a change to the description's default reaches every operation it covers. */
function scopeChanges(context: Context): RawChange[] {
  const paths = referenced(context.after, context.after.paths);
  if (!isObject(paths)) return [];
  return Object.entries(paths).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const after = referenced(context.after, isObject(item) ? item[method] : undefined);
      const before = referenced(context.before, nodeAt(context.before, ['paths', route, method]));
      if (!isObject(after) || !isObject(before)) return [];
      const was = securityOf(context.before, before);
      const is = securityOf(context.after, after);
      if (was.join('|') === is.join('|')) return [];
      const location: ChangeLocation = {
        side: 'operation',
        pointer: pointerOf(['paths', route, method, 'security']),
        anchors: [],
      };
      const list = (alternatives: string[]) =>
        alternatives.map((alternative) => `(${alternative})`).join(' or ') || 'none';
      const what = `the scopes it needs changed from ${list(was)} to ${list(is)}`;
      // A new alternative beside the old ones lets more clients in and keeps every one that could call it before.
      const kept = was.every((alternative) => is.includes(alternative));
      return [{ rule: kept ? 'other-compatible' : 'scopes-changed', what, location } satisfies RawChange];
    }),
  );
}

/** The components api-smart-diff reports where they are used, through the `$ref`s of the operations. */
const SHARED_AT_USE = new Set([
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'pathItems',
  'links',
  'callbacks',
]);

/** A change outside `paths`: the description as a whole. */
function descriptionChange(diff: Diff): RawChange[] {
  const [root] = diff.path;
  const location: ChangeLocation = { side: 'description', pointer: pointerOf(diff.path), anchors: [] };
  const where = diff.path.join('.');
  if (root === 'info' && diff.path[1] === 'version') return [];
  // A shared schema, parameter or response is reported at every operation that uses it (an example is not: it is
  // documentation wherever it is); security is compared per operation.
  if (root === 'components' && SHARED_AT_USE.has(String(diff.path[1]))) return [];
  if (root === 'security') return [];
  if (root === 'servers' && !diff.path.some(isDocumentation)) {
    const added = diff.action === 'add' && diff.path.length === 2;
    // `servers.0.url changed` says nothing a reader can act on; the URLs do.
    const what =
      diff.path[2] === 'url' && diff.action === 'replace'
        ? `server URL changed from ${quote(diff.before)} to ${quote(diff.after)}`
        : `${where} ${verb(diff)}`;
    return [{ rule: added ? 'other-compatible' : 'server-changed', what, location }];
  }
  return [{ rule: 'documentation', what: `${where} ${verb(diff)}`, location }];
}

/** `/orders/{orderId}` and `/orders/{id}` are the same URL: only the template's parameter name differs. */
const sameUrl = (a: string, b: string) => a.replace(/\{[^}]*\}/g, '{}') === b.replace(/\{[^}]*\}/g, '{}');

function rawChanges(context: Context, diff: Diff): RawChange[] {
  const [root, route, method, ...rest] = diff.path;
  if (root !== 'paths') return descriptionChange(diff);
  if (route === undefined) {
    // api-smart-diff pairs a path whose template changed with the one it was (`rename` of a key of `paths`).
    if (diff.action !== 'rename') return [];
    const location: ChangeLocation = { side: 'description', pointer: pointerOf(diff.path), anchors: [] };
    const what = `path ${quote(diff.before)} renamed to ${quote(diff.after)}`;
    return [
      {
        rule: sameUrl(String(diff.before), String(diff.after)) ? 'documentation' : 'operation-removed',
        what,
        location,
      },
    ];
  }
  const routeName = String(route);
  if (method === undefined) {
    // A whole path added or removed: each of its operations.
    const item = referenced(
      diff.action === 'add' ? context.after : context.before,
      diff.action === 'add' ? diff.after : diff.before,
    );
    if (!isObject(item)) return [];
    return HTTP_METHODS.filter((verbName) => isObject(item[verbName])).flatMap((verbName) =>
      operationChange(context, { ...diff, path: [...diff.path, verbName] }, routeName, verbName, []),
    );
  }
  const methodName = String(method);
  if ((HTTP_METHODS as readonly string[]).includes(methodName)) {
    return operationChange(context, diff, routeName, methodName as Method, rest);
  }
  // What the path item itself says (its summary, description, servers, shared parameters).
  const location: ChangeLocation = { side: 'description', pointer: pointerOf(diff.path), anchors: [] };
  if (methodName === 'parameters') {
    const pathItem = referenced(context.after, nodeAt(context.after, ['paths', routeName]));
    const methods = HTTP_METHODS.filter((verbName) => isObject(pathItem) && isObject(pathItem[verbName]));
    return methods.flatMap((verbName) =>
      operationChange(context, diff, routeName, verbName, [methodName, ...diff.path.slice(3)]),
    );
  }
  if (methodName === 'servers')
    return [{ rule: 'server-changed', what: `servers of ${routeName} ${verb(diff)}`, location }];
  return [{ rule: 'documentation', what: `${routeName}: ${methodName} ${verb(diff)}`, location }];
}

/**
 * Every change from `before` to `after`, two versions of one API description (bundled, so that every `$ref` points
 * into the same document), in the order the descriptions list them. Neither argument is changed.
 */
export function describeChanges(before: JsonObject, after: JsonObject): DescriptionChange[] {
  // api-smart-diff rewrites the documents it compares (it merges `allOf`s and resolves references in place): a
  // second comparison with the same objects reports hundreds of changes no one made.
  const context: Context = { before: structuredClone(before), after: structuredClone(after), documents: [] };
  const documents = [context.before, context.after];
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  const raw = [...diffs.flatMap((diff) => rawChanges({ ...context, documents }, diff)), ...scopeChanges(context)];

  const seen = new Set<string>();
  return raw.flatMap((change) => {
    const [, , route, method] = change.location.pointer
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
    const verbName = (HTTP_METHODS as readonly string[]).includes(method ?? '') ? (method as Method) : null;
    const operation =
      change.location.side === 'description' || !verbName || route === undefined
        ? null
        : (operationOf(context.after, route, verbName) ?? operationOf(context.before, route, verbName));
    const rule = CHANGE_RULES[change.rule];
    const description = operation
      ? `${operation.method} ${operation.path} (${operation.operationId}): ${change.what}`
      : change.what;
    const key = `${change.rule}|${change.location.pointer}|${description}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        class: rule.class,
        rule: { id: change.rule, wording: rule.wording },
        operation,
        location: change.location,
        description,
      },
    ];
  });
}
