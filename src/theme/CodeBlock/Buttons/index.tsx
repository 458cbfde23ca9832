import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Buttons from '@theme-original/CodeBlock/Buttons';
import type ButtonsType from '@theme/CodeBlock/Buttons';
import type { WrapperProps } from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ButtonsType>;

/** The code block's copy and wrap buttons, always shown and beside the code, not over it (see src/theme/README.md). */
export default function CodeBlockButtonsWrapper({ className, ...props }: Props): ReactNode {
  return <Buttons {...props} className={clsx(className, styles.buttons)} />;
}
