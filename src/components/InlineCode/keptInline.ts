import { Children, isValidElement, type ReactNode } from 'react';
import KeepWhole from '../KeepWhole';

/** What one line of inline code may hold once `plugins/rehype-keep-words` has kept its words: text, kept words, breaks. */
const isInlinePart = (node: ReactNode): boolean =>
  (typeof node === 'string' && !node.includes('\n')) ||
  (isValidElement(node) && (node.type === KeepWhole || node.type === 'wbr'));

/**
 * Whether a Markdown `code` is inline code whose words the keep-words plugin wrapped: the theme takes any
 * `code` with an element inside for a code block.
 */
export function isKeptInlineCode(children: ReactNode): boolean {
  const parts = Children.toArray(children);
  return parts.some((part) => isValidElement(part)) && parts.every(isInlinePart);
}
