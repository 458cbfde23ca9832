/**
 * The facts of an operation block that travel from the docs build (`plugins/remark-api-reference`)
 * to the `ApiEndpoint` component as JSON in string attributes: MDX attributes the plugin writes are
 * strings. Both sides use these functions, so they agree on the format.
 */

/** The operation's whole URL in one environment. */
export interface EnvironmentUrl {
  /** `Sandbox` or `Production`. */
  readonly environment: string;
  readonly url: string;
}

/**
 * The operation's security requirements as OpenAPI lists them: alternatives, any one of which is
 * enough, each the scopes it needs together.
 */
export type ScopeAlternatives = readonly (readonly string[])[];

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export const encodeEnvironmentUrls = (urls: readonly EnvironmentUrl[]): string => JSON.stringify(urls);
export const encodeScopeAlternatives = (alternatives: ScopeAlternatives): string => JSON.stringify(alternatives);

export function decodeEnvironmentUrls(json: string): EnvironmentUrl[] {
  const value: unknown = JSON.parse(json);
  if (
    !Array.isArray(value) ||
    !value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as EnvironmentUrl).environment === 'string' &&
        typeof (item as EnvironmentUrl).url === 'string',
    )
  ) {
    throw new Error(`not a list of environment URLs: ${json}`);
  }
  return value as EnvironmentUrl[];
}

export function decodeScopeAlternatives(json: string): ScopeAlternatives {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every(isStringList)) throw new Error(`not a list of scope lists: ${json}`);
  return value;
}
