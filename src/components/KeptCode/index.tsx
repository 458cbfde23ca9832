import React, { type ReactNode } from 'react';
import KeptText from '../KeptText';

export interface Props {
  /** The code, as text: typically a value from `contracts/facts` (a URL), which the keep-words plugin cannot see. */
  readonly children: string;
  readonly className?: string;
}

/**
 * Inline code whose text is only known when the page renders, kept as `plugins/rehype-keep-words` keeps
 * code written in a page: a token of up to 40 characters whole, a longer one (a URL) wrapping only after
 * its separators. The text is unchanged.
 */
export default function KeptCode({ children, className }: Props): ReactNode {
  return (
    <code className={className}>
      <KeptText>{children}</KeptText>
    </code>
  );
}
