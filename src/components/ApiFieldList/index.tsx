import React, { Children, useEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { useLocation } from '@docusaurus/router';
import { FIELD_LIST_CLASS } from '../../../contracts/content/fieldAnchor';
import { SCHEMA_ATTRIBUTES } from '@site/config/pageMarkdown.mjs';
import styles from './styles.module.css';

export interface Props {
  /** What the list holds, for assistive technology: `Request body fields`, `Responses`. */
  readonly label: string;
  /** For the fields of a field: that field's name; the list then folds under a summary. */
  readonly parent?: string;
  /** A nested list that starts folded (the deeper levels). */
  readonly collapsed?: 'true';
  /** The component schema whose fields it lists (`accounts#/components/schemas/Money`). */
  readonly schema?: string;
  /** `true` where the page shows that schema on purpose (`<ApiSchema>`). */
  readonly schemaHome?: 'true';
  /** `ApiField` entries. */
  readonly children?: ReactNode;
}

/** Opens the folded lists around the field the address's fragment names, so that a link to it lands on it. */
function useUnfoldTarget(list: React.RefObject<HTMLElement | null>) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash || !list.current) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target || !list.current.contains(target)) return;
    let unfolded = false;
    for (let fold = target.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null) {
      if (!fold.open) unfolded = true;
      fold.open = true;
    }
    if (unfolded) target.scrollIntoView();
  }, [hash, list]);
}

/**
 * A field reference: a list of `ApiField`s. The fields of a field are a list of their own, indented
 * under it and folded under a summary that opens from the keyboard.
 */
export default function ApiFieldList({ label, parent, collapsed, schema, schemaHome, children }: Props): ReactNode {
  const root = useRef<HTMLUListElement>(null);
  useUnfoldTarget(root);
  // What the page Markdown reads to describe a shared schema once (config/pageMarkdown.mjs).
  const schemaAttributes = schema
    ? { [SCHEMA_ATTRIBUTES.schema]: schema, ...(schemaHome ? { [SCHEMA_ATTRIBUTES.home]: 'true' } : {}) }
    : {};
  const list = (
    <ul
      ref={parent ? undefined : root}
      className={clsx(styles.list, FIELD_LIST_CLASS)}
      aria-label={label}
      {...schemaAttributes}>
      {children}
    </ul>
  );
  if (!parent) return list;
  const count = Children.count(children);
  return (
    <details className={styles.nested} open={collapsed !== 'true'}>
      <summary className={styles.summary}>
        {count} {count === 1 ? 'field' : 'fields'} of <code>{parent}</code>
      </summary>
      {list}
    </details>
  );
}
