import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface Download {
  readonly format: 'yaml' | 'json' | 'postman';
  /** Says what the file is, e.g. "Trading API Postman collection". */
  readonly label: string;
  /** Base URL included. */
  readonly href: string;
}

export interface Props {
  /** The API's title, e.g. "Trading API". */
  readonly title: string;
  readonly downloads: readonly Download[];
  readonly className?: string;
}

/** Links to the files of an API reference page: its description as YAML and JSON, and a Postman collection. */
export default function ApiDownloads({ title, downloads, className }: Props): ReactNode {
  if (downloads.length === 0) return null;
  return (
    <nav className={clsx(styles.downloads, className)} aria-label={`Downloads for the ${title}`}>
      <span className={styles.heading}>Download:</span>
      <ul className={styles.list}>
        {downloads.map((download) => (
          <li key={download.href}>
            <a href={download.href} download>
              {download.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
