import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { APIS, SERVERS, type ApiDescription } from './apis';
import styles from './styles.module.css';

export interface Props {
  readonly api: ApiDescription['id'];
}

/** An API family's reference overview: servers, security and every operation. */
export default function ApiOverview({ api }: Props): ReactNode {
  const description = APIS[api];
  return (
    <main className="container margin-vert--xl">
      <Heading as="h1">{description.title}</Heading>
      <p className={styles.lead}>{description.description}</p>
      <p>
        New to this API? Read the <Link to={description.guidePath}>guide</Link> first, then{' '}
        <Link to="/docs/getting-started/authentication">authenticate</Link> to call it.
      </p>

      <Heading as="h2">Servers</Heading>
      <ul>
        {SERVERS.map((server) => (
          <li key={server.name}>
            {server.name}: <code>{server.url}</code>
          </li>
        ))}
      </ul>

      <Heading as="h2">Security</Heading>
      <p>
        Send a bearer access token from the identity provider in the <code>Authorization</code> header. Scopes:{' '}
        {description.scopes.map((scope, index) => (
          <React.Fragment key={scope}>
            {index > 0 ? ', ' : null}
            <code>{scope}</code>
          </React.Fragment>
        ))}
        .
      </p>

      <Heading as="h2">Operations</Heading>
      <table className={styles.operations}>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Path</th>
            <th scope="col">Operation</th>
          </tr>
        </thead>
        <tbody>
          {description.operations.map((operation) => (
            <tr key={`${operation.method} ${operation.path}`}>
              <td>
                <span className={clsx(styles.method, styles[operation.method.toLowerCase()])}>{operation.method}</span>
              </td>
              <td>
                <code>{operation.path}</code>
              </td>
              <td>
                <Link to={operation.docsPath}>{operation.summary}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
