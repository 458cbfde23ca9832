import React, { type ReactNode } from 'react';
import TOCItems from '@theme-original/TOCItems';
import type TOCItemsType from '@theme/TOCItems';
import type { WrapperProps } from '@docusaurus/types';
import { keptToc } from '@site/src/components/KeptText/keptToc';

type Props = WrapperProps<typeof TOCItemsType>;

/** The theme's table of contents, its headings' hyphenated words and identifiers kept whole (src/theme/README.md). */
export default function TOCItemsWrapper(props: Props): ReactNode {
  return <TOCItems {...props} toc={keptToc(props.toc)} />;
}
