import React, { type ComponentProps, type ReactNode } from 'react';
import CodeInline from '@theme/CodeInline';
import MDXCode from '@theme/MDXComponents/Code';
import { isKeptInlineCode } from './keptInline';

export type Props = ComponentProps<'code'>;

/** Markdown's `code`: inline code with kept words (`isKeptInlineCode`) stays inline; the rest is the theme's. */
export default function InlineCode(props: Props): ReactNode {
  return isKeptInlineCode(props.children) ? <CodeInline {...props} /> : <MDXCode {...props} />;
}
