import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import ChangeMark from '../ChangeMark';
import KeepWhole from '../KeepWhole';
import { KEPT_WORD_LENGTH } from '../../../contracts/words/wordLengths';
import { UNINDEXED_FIELD_CLASS } from '../../../contracts/content/fieldAnchor';
import { SCHEMA_ATTRIBUTES } from '@site/config/pageMarkdown.mjs';
import styles from './styles.module.css';

export interface Props {
  /** The field's own name (`amount`), a parameter's name or a status code. */
  readonly name: string;
  /** Its anchor on the page, as `fieldAnchor` writes it. */
  readonly anchor: string;
  /** `string (date)`, `object (Money)`, a response's body. */
  readonly type?: string;
  /** Where a parameter goes: `path`, `query`, `header`. */
  readonly location?: string;
  /** Whether a request must send it; absent where the question does not arise (a status code). */
  readonly requirement?: 'required' | 'optional';
  /** The component schema whose fields its own fields are (`accounts#/components/schemas/Money`). */
  readonly schema?: string;
  /** `true` when its description is that schema's own. */
  readonly schemaDescribed?: 'true';
  /** The last release that added or changed it in a way a client sees (plugins/remark-api-reference/changeMarks.ts). */
  readonly change?: 'added' | 'changed';
  /** That release, `Trading API 1.4.0`. */
  readonly changeRelease?: string;
  /** That release's changelog entry. */
  readonly changeHref?: string;
  /** Its description (a paragraph), then its own fields (an `ApiFieldList`). */
  readonly children?: ReactNode;
}

/**
 * One entry of a field reference: name, type and requirement on one line, the description below and
 * the field's own fields under it. The line shows a link to the field's anchor on hover and on focus.
 * The schema attributes let the page Markdown describe a shared schema once (config/pageMarkdown.mjs).
 */
export default function ApiField({
  name,
  anchor,
  type,
  location,
  requirement,
  schema,
  schemaDescribed,
  change,
  changeRelease,
  changeHref,
  children,
}: Props): ReactNode {
  // The build's link check knows the anchor, so a link to a field (the changelog's) is not reported as broken.
  useBrokenLinks().collectAnchor(anchor);
  const schemaAttributes = schema
    ? { [SCHEMA_ATTRIBUTES.schema]: schema, ...(schemaDescribed ? { [SCHEMA_ATTRIBUTES.described]: 'true' } : {}) }
    : {};
  return (
    <li id={anchor} className={styles.field} {...schemaAttributes}>
      <div className={styles.head}>
        <code className={styles.name}>{name.length <= KEPT_WORD_LENGTH ? <KeepWhole>{name}</KeepWhole> : name}</code>
        {type ? <span className={clsx(styles.type, UNINDEXED_FIELD_CLASS)}>{type}</span> : null}
        {location ? <span className={clsx(styles.location, UNINDEXED_FIELD_CLASS)}>in {location}</span> : null}
        {requirement ? <span className={clsx(styles[requirement], UNINDEXED_FIELD_CLASS)}>{requirement}</span> : null}
        {change && changeRelease && changeHref ? (
          <ChangeMark kind={change} release={changeRelease} href={changeHref} className={UNINDEXED_FIELD_CLASS} />
        ) : null}
        <a className={styles.anchor} href={`#${anchor}`} aria-label={`Link to ${anchor}`}>
          #
        </a>
      </div>
      {children}
    </li>
  );
}
