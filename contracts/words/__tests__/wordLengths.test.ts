/** @jest-environment node */
import { keepWholePieces, type TextPiece } from '../wordLengths';

/** Pieces as a string: kept tokens in [[ ]], a line-break opportunity as ¦. */
const show_ = (pieces: readonly TextPiece[]): string =>
  pieces.map(({ text, keep, breakAfter }) => `${keep ? `[[${text}]]` : text}${breakAfter ? '¦' : ''}`).join('');
const marked = (text: string) => show_(keepWholePieces(text));

describe('keepWholePieces', () => {
  it.each([
    ['a court-appointed guardian', 'a [[court-appointed]] guardian'],
    ['X-Request-Id', '[[X-Request-Id]]'],
    ['Retry-After: seconds', '[[Retry-After:]] seconds'],
    ['non-US persons (W-8BEN)', '[[non-US]] persons [[(W-8BEN)]]'],
    ['^[0-9A-Z]{8}$', '[[^[0-9A-Z]{8}$]]'],
    ['^[0-9]+(\\.[0-9]{1,6})?$', '[[^[0-9]+(\\.[0-9]{1,6})?$]]'],
    ['accounts.read and/or trading.write', '[[accounts.read]] [[and/or]] [[trading.write]]'],
    // Plain words, and punctuation only at a word's edges, give the browser nothing to break at.
    ['The account, when opened.', 'The account, when opened.'],
    ['(optional)', '(optional)'],
    ['applicationId PENDING 503', 'applicationId PENDING 503'],
    // Exactly 40 characters is kept; 41 wraps at its separators, and only there.
    [`${'a'.repeat(19)}-${'b'.repeat(20)}`, `[[${'a'.repeat(19)}-${'b'.repeat(20)}]]`],
    [`${'a'.repeat(20)}-${'b'.repeat(20)}`, `${'a'.repeat(20)}-¦${'b'.repeat(20)}`],
    [
      'see https://api.example.com/v1/accounts/{accountId}/orders.',
      'see https://¦api.¦example.¦com/¦v1/¦accounts/¦{accountId}/¦orders.',
    ],
    [
      '/accounts/{accountNumber}/associated-parties/{partyId} or status=NEW,PARTIALLY_FILLED',
      '/accounts/¦{accountNumber}/¦[[associated-parties/]]¦{partyId} or status=¦NEW,¦PARTIALLY_FILLED',
    ],
    // A path or URL longer than a phone's promise wraps after its separators, its hyphenated pieces kept.
    ['http://localhost:4010/oauth2/token', 'http://¦localhost:4010/¦oauth2/¦token'],
    ['x-sandbox-test-values/more', '[[x-sandbox-test-values/]]¦more'],
    // An index is not a pattern: the path wraps after its dot, not before it.
    ['addresses[0].postalCode', '[[addresses[0].]]¦postalCode'],
    ['^(PENDING_NEW|PENDING_REPLACE)[0-9]{2}$', '[[^(PENDING_NEW|]]¦PENDING_REPLACE)¦[[[0-9]{2}$]]'],
    // A pattern of a path wraps after the path's slashes, never inside its character class.
    ['^/v1/onboarding/applications/[0-9a-f-]{36}$', '^/v1/¦onboarding/¦applications/¦[[[0-9a-f-]{36}$]]'],
    ['^[a-z/|-]+/abcdefghij/xyz$', '[[^[a-z/|-]+/abcdefghij/]]¦xyz$'],
    ['^\\/v1\\/(a|b-c)/[0-9]{2}$', '[[^\\/v1\\/(a|]]¦[[b-c)/]]¦[[[0-9]{2}$]]'],
    // An enum value or a header name never wraps at its underscore or hyphen, even in a long list.
    [
      'PENDING_NEW,PENDING_REPLACE,PENDING_CANCEL,Idempotency-Key',
      'PENDING_NEW,¦PENDING_REPLACE,¦PENDING_CANCEL,¦[[Idempotency-Key]]',
    ],
    // A long run with nothing to break at (a hash) is one word: only a line narrower than it breaks it.
    ['x'.repeat(45), 'x'.repeat(45)],
    ['x'.repeat(40), 'x'.repeat(40)],
    [`sha256 ${'a1'.repeat(21)}/b`, `sha256 ${'a1'.repeat(21)}/¦b`],
    ['  two  spaces\nand-a line  ', '  two  spaces\n[[and-a]] line  '],
    // An opening bracket alone before a space is kept with what follows it: no "{" left at a line's end.
    ['Money is { "amount": "1.00" }', 'Money is [[{ "amount":]] [["1.00"]] }'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(marked(input)).toBe(expected);
    expect(
      keepWholePieces(input)
        .map(({ text }) => text)
        .join(''),
    ).toBe(input);
  });
});
