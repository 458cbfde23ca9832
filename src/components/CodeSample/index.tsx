import React, { isValidElement, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useColorMode } from '@docusaurus/theme-common';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';
import usePersonalizedSample from '@site/src/hooks/usePersonalizedSample';
import { sampleRenderKey } from './sampleRenderKey';

export type { Props };

/** The children as one string where they are only strings (so they can be copied), as the theme does. */
function stringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * A code block as the theme draws it, with the signed-in developer's sandbox client id in place of
 * `$CLIENT_ID` (`usePersonalizedSample`), re-mounted after hydration only in dark mode (`sampleRenderKey`).
 */
export default function CodeSample({ children, ...props }: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const { colorMode } = useColorMode();
  const sample = usePersonalizedSample(stringifyChildren(children));
  const key = sampleRenderKey(isBrowser, colorMode);
  return typeof sample === 'string' ? (
    <StringContent key={key} {...props}>
      {sample}
    </StringContent>
  ) : (
    <ElementContent key={key} {...props}>
      {sample}
    </ElementContent>
  );
}
