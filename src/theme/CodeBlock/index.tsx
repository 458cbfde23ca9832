import React, { type ReactNode } from 'react';
import CodeSample, { type Props } from '@site/src/components/CodeSample';

/**
 * Replaces the theme's CodeBlock (ten lines that pick the string or element content): personal values, and
 * no re-mount after hydration in light mode (see src/theme/README.md and `src/components/CodeSample`).
 */
export default function CodeBlock(props: Props): ReactNode {
  return <CodeSample {...props} />;
}
