import React, { type ReactNode } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type { WrapperProps } from '@docusaurus/types';
import DiagramViewer from '@site/src/components/DiagramViewer';
import { diagramTitle } from '@site/src/components/DiagramViewer/diagramTitle';

type Props = WrapperProps<typeof MermaidType>;

/** The theme's Mermaid diagram, with a full-screen view that pans and zooms (see src/theme/README.md). */
export default function MermaidWrapper(props: Props): ReactNode {
  return (
    <DiagramViewer title={diagramTitle(props.value)} source={props.value}>
      <Mermaid {...props} />
    </DiagramViewer>
  );
}
