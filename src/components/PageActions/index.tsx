import React, { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { markdownPathOf } from '@site/config/pageMarkdown.mjs';
import DevServerNote, { isDevServer } from '@site/src/components/DevServerNote';
import { COPY_OUTCOMES, type CopyOutcome } from './copyMarkdown';
import styles from './styles.module.css';

export interface Props {
  /** The page's URL path (base URL included): its Markdown is at the same path plus `.md`. */
  readonly permalink: string;
  /** The page that says how to connect an assistant to the docs' MCP server (base URL included). */
  readonly assistantGuide: string;
}

/**
 * "Copy page", "View as Markdown" and "Connect your assistant" beside a docs page's title. Copying fetches the page's Markdown
 * (plugins/page-markdown), puts it on the clipboard and says so in a live region; the copying code is
 * loaded on the first press. The "More" disclosure holds the Markdown link and says why an assistant
 * needs the copied text: the docs are private, so it cannot open their links.
 */
export default function PageActions({ permalink, assistantGuide }: Props): ReactNode {
  const markdownUrl = markdownPathOf(permalink);
  const [outcome, setOutcome] = useState<CopyOutcome | undefined>();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const groupRef = useRef<HTMLDivElement>(null);

  const copy = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    const { copyMarkdown } = await import('./copyMarkdown');
    setOutcome(await copyMarkdown(markdownUrl, { fetch: window.fetch.bind(window), clipboard: navigator.clipboard }));
    setBusy(false);
  }, [busy, markdownUrl]);

  // The disclosure closes when focus or a click goes elsewhere.
  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: Event) => {
      if (!groupRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      setOpen(false);
      toggleRef.current?.focus();
    },
    [open],
  );

  return (
    <div ref={groupRef} className={styles.actions} role="group" aria-label="Page actions" onKeyDown={onKeyDown}>
      <div className={styles.buttons}>
        <button type="button" className={styles.button} onClick={() => void copy()} aria-disabled={busy}>
          Copy page
        </button>
        <button
          ref={toggleRef}
          type="button"
          className={styles.button}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label="More page actions"
          onClick={() => setOpen((isOpen) => !isOpen)}>
          More
        </button>
      </div>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {isDevServer() ? (
          <DevServerNote feature="Page Markdown" />
        ) : (
          <a className={styles.link} href={markdownUrl}>
            View as Markdown
          </a>
        )}
        <Link className={styles.link} to={assistantGuide}>
          Connect your assistant
        </Link>
        <p className={styles.note}>
          These docs are private: an assistant cannot open them, so give it the copied page, or connect it to the docs
          with your sign-in.
        </p>
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {outcome ? COPY_OUTCOMES[outcome] : ''}
      </p>
    </div>
  );
}
