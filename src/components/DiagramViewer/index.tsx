import React, { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PanzoomObject } from '@panzoom/panzoom';
import { DIAGRAM_SOURCE_ATTRIBUTE } from '@site/config/pageMarkdown.mjs';
import { labelSizeOnScreen, smallestLabelFont, tooSmallToRead } from './readableWidth';
import styles from './styles.module.css';

export interface Props {
  /** The diagram's title (its `accTitle`): names the open button and the full-screen view. */
  readonly title: string;
  /** The diagram, drawn inline and drawn again in the full-screen view when that opens. */
  readonly children: ReactNode;
  /**
   * The diagram's Mermaid source, kept in the built page (hidden) for the page's Markdown copy
   * (plugins/page-markdown), which writes it as a `mermaid` fence.
   */
  readonly source?: string;
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

/** The size on screen of the smallest label of `svg`, drawn to fit its column: measured again whenever it is resized. */
function useLabelSizeOnScreen(svg: SVGSVGElement | null): number {
  const [labelPx, setLabelPx] = useState(0);
  useEffect(() => {
    if (!svg) return undefined;
    const fontPx = smallestLabelFont(svg);
    const measure = () => {
      const size = labelSizeOnScreen(fontPx, svg.getBoundingClientRect().width, svg.viewBox.baseVal?.width ?? 0);
      // Down to a tenth of a pixel: 11.96 px is still below 12, and says so.
      setLabelPx(Math.floor(size * 10) / 10);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    measure();
    return () => observer.disconnect();
  }, [svg]);
  return labelPx;
}

const PAN_STEP_PX = 60;

/**
 * A diagram with a button that opens it full screen, in a modal dialog, with pan and zoom
 * (`@panzoom/panzoom`, loaded when the dialog first opens). Keys in the dialog: + and − zoom, 0 resets,
 * the arrow keys pan, Esc closes; focus returns to the button. Inline, a diagram is drawn to fit its
 * column (it never scrolls nor is cut); where that makes its labels smaller than 12 px, it says so and
 * points to the full-screen view.
 */
export default function DiagramViewer({ title, children, source }: Props): ReactNode {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const panzoomRef = useRef<PanzoomObject | null>(null);
  const [inline, setInline] = useState<HTMLDivElement | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [inlineSvg, setInlineSvg] = useState<SVGSVGElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  useRenderedSvg(inline, setInlineSvg);
  const small = tooSmallToRead(useLabelSizeOnScreen(inlineSvg));

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
      <div ref={setInline} className={styles.inline}>
        {children}
      </div>
      {source === undefined ? null : (
        <pre hidden {...{ [DIAGRAM_SOURCE_ATTRIBUTE]: '' }}>
          {source}
        </pre>
      )}
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
        {small ? <span className={styles.smallHint}>Small at this width: open it full screen to read it.</span> : null}
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
