import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/**
 * True on the development server (`npm start`), where there is no production build: no page Markdown, no
 * llms files, no search index. Docusaurus sets NODE_ENV when it bundles, so the production bundle drops every
 * branch that depends on this.
 */
export const isDevServer = (): boolean => process.env.NODE_ENV === 'development';

/** The command that builds the site and serves it with everything, the development provider and sandbox too. */
export const SERVE_COMMAND = 'npm run serve';

export interface Props {
  /** What needs the production build, as the start of a sentence: "Search", "Page Markdown". */
  readonly feature: string;
  /** In the navbar: one short line in the search box's place. */
  readonly compact?: boolean;
}

/** Says, on the development server, that a feature needs the production build and what to run for it. */
export default function DevServerNote({ feature, compact = false }: Props): ReactNode {
  return (
    <p className={clsx(styles.note, compact && styles.compact)} data-testid="dev-server-note">
      {feature} needs the production build: run <code>{SERVE_COMMAND}</code>
      {compact
        ? ''
        : ' (it builds the site first when there is no build, and serves it with the sign-in and the sandbox)'}
      .
    </p>
  );
}
