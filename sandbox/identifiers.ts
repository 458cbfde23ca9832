/**
 * The one rule for identifiers (Standard data formats, section Identifiers): an identifier names a resource
 * your client may see, or it is not found. A path identifier that breaks its format (an account number that
 * doesn't match `^[0-9A-Z]{8}$`, an ID that isn't a UUID), one that names nothing, and one of another firm are
 * answered alike, `404 NOT_FOUND`, on every operation, so that identifiers don't leak. An account number in an
 * order's body that names no account of the client is not found the same way.
 */
import { notFound, type ApiError } from './http';
import type { Problem } from './spec';

/** The answer to an identifier that names nothing the client may see: `what` is e.g. `Account 5GT10001`. */
export function unknownIdentifier(what: string): ApiError {
  return notFound(what);
}

/** The answer to path parameters that break their formats (`problems`), or null when they keep them. */
export function malformedPathIdentifier(
  names: readonly string[],
  params: Readonly<Record<string, string>>,
  problems: readonly Problem[],
): ApiError | null {
  if (problems.length === 0) return null;
  const broken = names.find((name) => problems.some((problem) => problem.field === name)) ?? names[0];
  return unknownIdentifier(`${broken} ${params[broken]}`);
}
