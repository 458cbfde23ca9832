/**
 * An operation's parameters as the checks read them: one JSON Schema per location (path, query, header),
 * and the typed values of the text a request carries. The sandbox compiles the schemas with Ajv at start,
 * the build compiles them into the Try it modules, and both turn text into values with `parameterValues`,
 * so `limit=50`, `status=FILLED,CANCELED` and a path's `{symbol}` mean the same to each.
 *
 * Plain code, no imports: the browser, the build, the Node server and the Worker all load it as it is.
 */

export const PARAMETER_LOCATIONS = ['path', 'query', 'header'] as const;
export type ParameterLocation = (typeof PARAMETER_LOCATIONS)[number];

/** A parameter object of a description, dereferenced; only what the checks read. */
export interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: unknown;
  readonly schema?: unknown;
  readonly [key: string]: unknown;
}

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parameters of an operation (its `parameters`, dereferenced), leaving out anything that is not one. */
export function parametersOf(list: unknown): Parameter[] {
  return (Array.isArray(list) ? list : []).filter(
    (parameter): parameter is Parameter =>
      isSchema(parameter) && typeof parameter.name === 'string' && typeof parameter.in === 'string',
  );
}

/** Whether a request must carry the parameter: `required: true`, or in the path (OpenAPI: a path parameter always is). */
export const isRequiredParameter = (parameter: Parameter): boolean =>
  parameter.required === true || parameter.in === 'path';

/** The parameters of one location as one JSON Schema: an object with a property for each, the required ones listed. */
export function locationSchema(parameters: readonly Parameter[], where: ParameterLocation): Schema {
  const own = parameters.filter((parameter) => parameter.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: own.filter(isRequiredParameter).map((parameter) => parameter.name),
  };
}

/** The JSON Schema type a schema names (`integer`, or the first of `['integer', 'null']`), or undefined. */
function typeOf(schema: unknown): string | undefined {
  if (!isSchema(schema)) return undefined;
  const { type } = schema;
  return typeof type === 'string' ? type : Array.isArray(type) ? String(type[0]) : undefined;
}

/**
 * One text as the value its schema types: a decimal for `integer` or `number` (`"50"` → 50), `true` or `false`
 * for `boolean`. Any other text stays text, and the schema's check reports it (`"0x10"` is no integer).
 */
function scalarValue(schema: unknown, text: string): unknown {
  const type = typeOf(schema);
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * The value of a parameter from the texts a request carries for it (a query name can repeat): an array
 * parameter takes every text, each split at commas (`status=FILLED&status=CANCELED` or `status=FILLED,CANCELED`),
 * its items typed; any other takes the last text, typed.
 */
export function parameterValue(parameter: Parameter, texts: readonly string[]): unknown {
  if (typeOf(parameter.schema) === 'array') {
    const items = isSchema(parameter.schema) ? parameter.schema.items : undefined;
    return texts.flatMap((text) => text.split(',')).map((text) => scalarValue(items, text));
  }
  return scalarValue(parameter.schema, texts[texts.length - 1]);
}

/**
 * The values of one location's parameters, from a function giving the texts of a name (none when absent):
 * the object `locationSchema` checks.
 */
export function parameterValues(
  parameters: readonly Parameter[],
  where: ParameterLocation,
  textsOf: (name: string) => readonly string[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of parameters.filter((candidate) => candidate.in === where)) {
    const texts = textsOf(parameter.name);
    if (texts.length > 0) values[parameter.name] = parameterValue(parameter, texts);
  }
  return values;
}
