import React, { type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import { mcpResourceUrl } from '@site/contracts/mcp/resource';
import KeptText from '../KeptText';
import useSiteSettings from '@site/src/hooks/useSiteSettings';
import { assistantConfigurations, serverNameOf } from './assistantConfigurations';
import styles from './styles.module.css';

/**
 * The docs' MCP server address, and what to paste into each assistant to connect it, with this site's address
 * filled in. The address is the one the build names as the server's resource (its access tokens are issued for
 * it), so it comes from the site's URL, not from wherever the page happens to be opened.
 */
export default function AssistantSetup(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { baseUrl, title, mcp } = useSiteSettings();
  const serverUrl = mcpResourceUrl(siteConfig.url, baseUrl);
  const configurations = assistantConfigurations(serverUrl, serverNameOf(title));
  return (
    <div className={styles.setup}>
      <p>
        The server’s address: <code>{serverUrl}</code>
      </p>
      <Tabs groupId="assistant" queryString="assistant">
        {configurations.map(({ id, label, where, language, title: fileName, code, signIn }) => (
          <TabItem key={id} value={id} label={label}>
            <p>
              <KeptText>{where}</KeptText>
            </p>
            <CodeBlock language={language} title={fileName}>
              {code}
            </CodeBlock>
            <p>
              <KeptText>{signIn}</KeptText>
            </p>
          </TabItem>
        ))}
      </Tabs>
      {mcp.clientId ? (
        <p>
          If your assistant asks for a client ID, enter <code>{mcp.clientId}</code> and leave the client secret empty:
          our identity provider does not register assistants by itself.
        </p>
      ) : null}
    </div>
  );
}
