/**
 * OpenAPI path templates (`/orders/equity/{orderId}`) against concrete paths, the one way the sandbox, the
 * site's Try it proxy and the Try it panel read and write them.
 *
 * A parameter stands for one whole segment, and is required (OpenAPI: a path parameter always is), so it is
 * never empty. A segment is percent-decoded once; a value that does not decode, or that decodes to something
 * that could be read as more or less than one segment by whoever decodes it next (`/`, `\`, `%`, `.` or `..`,
 * a control character), is no value at all: the path names no operation. A literal segment wins over a
 * parameter (`/orders/equity/block` is not an order ID).
 *
 * Plain code, no imports: the browser, the build, the Node server and the Worker all load it as it is.
 */

export type PathParams = Readonly<Record<string, string>>;

type Segment = { readonly literal: string } | { readonly name: string };

/** Why `value` (decoded) cannot stand as one path segment, or null when it can. */
export function segmentProblem(value: string): string | null {
  if (value === '') return 'is empty';
  if (value === '.' || value === '..') return 'is a dot-segment';
  if (/[/\\]/.test(value)) return 'holds a / or \\';
  if (value.includes('%')) return 'holds a %';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'holds a control character';
  return null;
}

/** One raw segment of a path decoded once, or null when it does not decode or cannot stand as one segment. */
export function decodeSegment(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return segmentProblem(value) === null ? value : null;
}

/**
 * Whether a path has a non-empty segment that an upstream could read as more than one segment, or as a step up
 * (see `decodeSegment`). The URL parser has already resolved the literal dot-segments.
 */
export function hasAmbiguousSegment(path: string): boolean {
  return path.split('/').some((segment) => segment !== '' && decodeSegment(segment) === null);
}

const templates = new Map<string, readonly Segment[]>();

function segmentsOf(template: string): readonly Segment[] {
  const cached = templates.get(template);
  if (cached) return cached;
  const segments = template.split('/').map((part): Segment => {
    const parameter = /^\{(\w+)\}$/.exec(part);
    if (parameter) return { name: parameter[1] };
    if (/[{}]/.test(part)) throw new Error(`${template}: a path parameter must be a whole segment`);
    return { literal: part };
  });
  templates.set(template, segments);
  return segments;
}

/** The names of a template's parameters, in order: `/accounts/{accountNumber}/positions/{symbol}` → both. */
export function pathParameterNames(template: string): string[] {
  return segmentsOf(template).flatMap((segment) => ('name' in segment ? [segment.name] : []));
}

/** The parameters `path` gives `template`, decoded, or null when it does not match. */
export function matchPathTemplate(template: string, path: string): PathParams | null {
  const segments = segmentsOf(template);
  const parts = path.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    if ('literal' in segment) {
      if (parts[index] !== segment.literal) return null;
      continue;
    }
    const value = decodeSegment(parts[index]);
    if (value === null) return null;
    params[segment.name] = value;
  }
  return params;
}

/**
 * The path of `template` with each parameter's value encoded, or the problem of each that cannot stand as one
 * segment (by name). The inverse of `matchPathTemplate`.
 */
export function fillPathTemplate(
  template: string,
  params: PathParams,
): { ok: true; path: string } | { ok: false; problems: Readonly<Record<string, string>> } {
  const problems: Record<string, string> = {};
  const path = segmentsOf(template)
    .map((segment) => {
      if ('literal' in segment) return segment.literal;
      const value = params[segment.name] ?? '';
      const problem = segmentProblem(value);
      if (problem) problems[segment.name] = problem;
      return encodeURIComponent(value);
    })
    .join('/');
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, path };
}

/** How specific a template is, segment by segment: a literal (`0`) before a parameter (`1`). */
const specificity = (template: string) =>
  segmentsOf(template)
    .map((segment) => ('literal' in segment ? '0' : '1'))
    .join('');

export interface Route {
  /** Upper case. */
  readonly method: string;
  /** The path template. */
  readonly path: string;
}

export type RouteMatch<R extends Route> =
  | { readonly kind: 'operation'; readonly route: R; readonly params: PathParams }
  | { readonly kind: 'wrongMethod'; readonly allowed: readonly string[] }
  | { readonly kind: 'unknownPath' };

/**
 * A matcher of `METHOD path` against `routes`: the most specific template the path matches that has the method;
 * else, when the path matches some template, the methods of the most specific ones (for a `405`'s `Allow`).
 */
export function routeMatcher<R extends Route>(routes: readonly R[]): (method: string, path: string) => RouteMatch<R> {
  const ordered = [...routes].sort((a, b) => specificity(a.path).localeCompare(specificity(b.path)));
  return (method, path) => {
    const onPath = ordered.flatMap((route) => {
      const params = matchPathTemplate(route.path, path);
      return params ? [{ route, params }] : [];
    });
    if (onPath.length === 0) return { kind: 'unknownPath' };
    const wanted = method.toUpperCase();
    const found = onPath.find(({ route }) => route.method === wanted);
    if (found) return { kind: 'operation', route: found.route, params: found.params };
    const best = specificity(onPath[0].route.path);
    const allowed = onPath.filter(({ route }) => specificity(route.path) === best).map(({ route }) => route.method);
    return { kind: 'wrongMethod', allowed };
  };
}
