import React, { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PanzoomObject } from '@panzoom/panzoom';
import clsx from 'clsx';
import { SCROLL_SHADOWS_CLASS } from '@site/src/css/scrollShadows';
import { minimumReadableWidth, smallestLabelFont } from './readableWidth';
import styles from './styles.module.css';

export interface Props {
  /** The diagram's title (its `accTitle`): names the open button and the full-screen view. */
  readonly title: string;
  /** The diagram, drawn inline and drawn again in the full-screen view when that opens. */
  readonly children: ReactNode;
}

/** Calls `onSvg` with the `<svg>` inside `container` as soon as one is there, and again whenever it is redrawn. */
function useRenderedSvg(container: HTMLElement | null, onSvg: (svg: SVGSVGElement) => void): void {
  useEffect(() => {
    if (!container) return undefined;
    let current: SVGSVGElement | null = null;
    const check = () => {
      const svg = container.querySelector('svg');
      if (svg && svg !== current) {
        current = svg;
        onSvg(svg);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(container, { childList: true, subtree: true });
    check();
    return () => observer.disconnect();
  }, [container, onSvg]);
}

const PAN_STEP_PX = 60;

/**
 * A diagram with a button that opens it full screen, in a modal dialog, with pan and zoom
 * (`@panzoom/panzoom`, loaded when the dialog first opens). Keys in the dialog: + and − zoom, 0 resets,
 * the arrow keys pan, Esc closes; focus returns to the button. Inline, on a desktop screen, a diagram
 * is never shrunk below the width at which its labels are 12 px: a wider one scrolls sideways.
 */
export default function DiagramViewer({ title, children }: Props): ReactNode {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const panzoomRef = useRef<PanzoomObject | null>(null);
  const [inline, setInline] = useState<HTMLDivElement | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [scrolls, setScrolls] = useState(false);

  const keepLabelsReadable = useCallback((svg: SVGSVGElement) => {
    const width = minimumReadableWidth(svg.viewBox.baseVal?.width ?? 0, smallestLabelFont(svg));
    svg.style.setProperty('--diagram-readable-width', `${width}px`);
    const container = svg.parentElement;
    setScrolls(Boolean(container && container.scrollWidth > container.clientWidth + 1));
  }, []);
  useRenderedSvg(inline, keepLabelsReadable);

  const attachPanzoom = useCallback((svg: SVGSVGElement) => {
    const host = svg.parentElement;
    const viewport = host?.closest<HTMLElement>(`.${styles.viewport}`);
    if (!host || !viewport) return;
    void import('@panzoom/panzoom').then(({ default: Panzoom }) => {
      if (!host.isConnected) return;
      panzoomRef.current?.destroy();
      const panzoom = Panzoom(host, { minScale: 0.5, maxScale: 10, step: 0.25, cursor: 'grab' });
      viewport.addEventListener('wheel', panzoom.zoomWithWheel);
      panzoomRef.current = panzoom;
      viewport.dataset.zoomReady = 'true';
    });
  }, []);
  useRenderedSvg(stage, attachPanzoom);

  useEffect(() => {
    if (!isOpen) return undefined;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      panzoomRef.current?.destroy();
      panzoomRef.current = null;
    };
  }, [isOpen]);

  const handleClose = useCallback(() => {
    setIsOpen(false);
    openButtonRef.current?.focus();
  }, []);

  const handleKeyDown = useCallback((event: KeyboardEvent<HTMLDialogElement>) => {
    const panzoom = panzoomRef.current;
    if (!panzoom || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, () => void> = {
      '+': () => panzoom.zoomIn(),
      '=': () => panzoom.zoomIn(),
      '-': () => panzoom.zoomOut(),
      '0': () => panzoom.reset(),
      ArrowLeft: () => panzoom.pan(PAN_STEP_PX, 0, { relative: true }),
      ArrowRight: () => panzoom.pan(-PAN_STEP_PX, 0, { relative: true }),
      ArrowUp: () => panzoom.pan(0, PAN_STEP_PX, { relative: true }),
      ArrowDown: () => panzoom.pan(0, -PAN_STEP_PX, { relative: true }),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }, []);

  return (
    <figure className={styles.figure}>
      <div
        ref={setInline}
        className={clsx(styles.inline, SCROLL_SHADOWS_CLASS)}
        {...(scrolls ? { role: 'region', tabIndex: 0, 'aria-label': `${title} (scrolls sideways)` } : {})}>
        {children}
      </div>
      <div className={styles.actions}>
        <button
          ref={openButtonRef}
          type="button"
          className={styles.openButton}
          aria-label={`Open full screen: ${title}`}
          aria-haspopup="dialog"
          onClick={() => setIsOpen(true)}>
          Open full screen
        </button>
        {scrolls ? (
          <span className={styles.scrollHint}>Wider than the page: scroll it sideways, or open it full screen.</span>
        ) : null}
      </div>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={titleId}
        onClose={handleClose}
        onKeyDown={handleKeyDown}>
        {isOpen && (
          <div className={styles.dialogBody}>
            <div className={styles.toolbar}>
              <p id={titleId} className={styles.title}>
                {title}
              </p>
              <button
                type="button"
                className={styles.tool}
                aria-keyshortcuts="+"
                onClick={() => panzoomRef.current?.zoomIn()}>
                Zoom in
              </button>
              <button
                type="button"
                className={styles.tool}
                aria-keyshortcuts="-"
                onClick={() => panzoomRef.current?.zoomOut()}>
                Zoom out
              </button>
              <button
                type="button"
                className={styles.tool}
                aria-keyshortcuts="0"
                onClick={() => panzoomRef.current?.reset()}>
                Reset
              </button>
              <button
                type="button"
                className={styles.tool}
                aria-keyshortcuts="Escape"
                onClick={() => dialogRef.current?.close()}>
                Close
              </button>
            </div>
            <p className={styles.hint}>
              Drag to move. Zoom with the wheel or + and −, 0 resets, the arrow keys move, Esc closes.
            </p>
            <div className={styles.viewport}>
              <div ref={setStage} className={styles.stage}>
                {children}
              </div>
            </div>
          </div>
        )}
      </dialog>
    </figure>
  );
}
