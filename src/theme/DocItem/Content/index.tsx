import React, { type ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { MCP_GUIDE_PATH } from '@site/contracts/mcp/resource';
import PageActions from '@site/src/components/PageActions';

type Props = WrapperProps<typeof ContentType>;

/** The doc's content, with the page actions ("Copy page", …) beside its title (see src/theme/README.md). */
export default function ContentWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  const assistantGuide = useBaseUrl(MCP_GUIDE_PATH);
  return (
    <>
      <PageActions permalink={metadata.permalink} assistantGuide={assistantGuide} />
      <Content {...props} />
    </>
  );
}
