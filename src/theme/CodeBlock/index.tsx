import React, { type ReactNode } from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type { WrapperProps } from '@docusaurus/types';
import usePersonalizedSample from '@site/src/hooks/usePersonalizedSample';

type Props = WrapperProps<typeof CodeBlockType>;

/** A code sample with the signed-in developer's sandbox client id in place of `$CLIENT_ID` (see src/theme/README.md). */
export default function CodeBlockWrapper({ children, ...props }: Props): ReactNode {
  return <CodeBlock {...props}>{usePersonalizedSample(children)}</CodeBlock>;
}
