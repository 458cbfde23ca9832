/**
 * Issue 19's promise: at 1280 px no word of `KEPT_WORD_LENGTH` characters or fewer is broken across lines
 * in a table or field reference, and at 390 px none of `PHONE_WORD_LENGTH` or fewer. Longer tokens (long
 * patterns, URLs) wrap at their own separators. Shared by the docs build's rehype plugin and the components.
 */
export const KEPT_WORD_LENGTH = 40;
export const PHONE_WORD_LENGTH = 16;
