/**
 * The rules of the versioning page (docs/getting-started/versioning.mdx, "What is a breaking change" and "How
 * versions are named") as data: each change a description can make falls under one of them. The ids are stable
 * (the changelog and the version check name them); the wording is the page's own, so a reader who follows a
 * message back to the page finds the same sentence there.
 */

export type ChangeClass = 'breaking' | 'additive' | 'documentation';

export interface ChangeRule {
  readonly class: ChangeClass;
  /** The versioning page's sentence this rule comes from, as the page writes it. */
  readonly wording: string;
}

const REMOVED = 'Removing or renaming an operation, a field, a query parameter or an enumeration value.';
const REQUIRED = 'Making an optional request field or parameter required, or adding a required one.';
const TYPE = 'Changing the type, format or meaning of a field, such as a number that becomes a string.';
const STATUS =
  'Changing the success status code of an operation, or the error code returned for an existing condition.';
const TIGHTENED = 'Tightening validation so that a request that succeeded before now fails.';
const SCOPES = 'Changing the scopes an operation needs.';
const NOT_BREAKING =
  'These are not breaking, and ship within the current major version: new operations, new optional request fields ' +
  'and parameters, new response fields, new enumeration values, new error codes, new response headers, and relaxed ' +
  'validation.';

export const CHANGE_RULES = {
  'operation-removed': { class: 'breaking', wording: REMOVED },
  // The servers' URLs are part of every operation's URL: a server removed or moved renames its operations.
  'server-changed': { class: 'breaking', wording: REMOVED },
  'field-removed': { class: 'breaking', wording: REMOVED },
  'parameter-removed': { class: 'breaking', wording: REMOVED },
  'enum-value-removed': { class: 'breaking', wording: REMOVED },
  'response-header-removed': { class: 'breaking', wording: REMOVED },
  'became-required': { class: 'breaking', wording: REQUIRED },
  'required-added': { class: 'breaking', wording: REQUIRED },
  'type-changed': { class: 'breaking', wording: TYPE },
  'success-status-changed': { class: 'breaking', wording: STATUS },
  'error-code-changed': { class: 'breaking', wording: STATUS },
  'validation-tightened': { class: 'breaking', wording: TIGHTENED },
  'scopes-changed': { class: 'breaking', wording: SCOPES },

  'operation-added': { class: 'additive', wording: NOT_BREAKING },
  'optional-request-field-added': { class: 'additive', wording: NOT_BREAKING },
  'optional-parameter-added': { class: 'additive', wording: NOT_BREAKING },
  'response-field-added': { class: 'additive', wording: NOT_BREAKING },
  'enum-value-added': { class: 'additive', wording: NOT_BREAKING },
  'error-code-added': { class: 'additive', wording: NOT_BREAKING },
  'response-header-added': { class: 'additive', wording: NOT_BREAKING },
  'validation-relaxed': { class: 'additive', wording: NOT_BREAKING },
  deprecated: {
    class: 'additive',
    wording:
      'Deprecation of an operation or field within a major version: it keeps working until the whole major version is retired.',
  },
  // What the page lists nowhere but cannot stop a client from working: a response that sends less than it may
  // (a narrower type, tighter limits), a security alternative added beside the old one, a new server.
  'other-compatible': {
    class: 'additive',
    wording: 'A change is breaking when code that follows the API standards could stop working.',
  },

  documentation: {
    class: 'documentation',
    wording: "The patch number goes up for corrections to the documentation that don't change behavior.",
  },
} as const satisfies Record<string, ChangeRule>;

export type ChangeRuleId = keyof typeof CHANGE_RULES;
