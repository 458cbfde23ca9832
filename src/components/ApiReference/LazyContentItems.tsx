import React, {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { OperationItem, Section, SectionItem, type ContentItemModel, type OperationModel } from 'redoc';
import { drawsInParts, operationParts } from './operationParts';
import { firstPassOperations, flattenContentItems, linkedItemId, nextOperationToRender } from './renderOrder';
import styles from './styles.module.css';

export interface Props {
  /** Redoc's content items (`store.menu.items`), a tree of tags and operations. */
  readonly items: readonly ContentItemModel[];
  /** Called once the operation the address links to is on the page: after the first pass, and after a link on the page. */
  readonly onLinkedOperationDrawn: () => void;
}

/** How far outside the viewport a waiting operation is drawn ahead of the background order. */
const AHEAD_OF_VIEWPORT = '1500px 0px';

/**
 * A waiting operation keeps its place (Redoc's section, with the id its menu and scroll spy look
 * for) and a height near a drawn one's, so the scroll bar and the menu's jumps stay about right.
 */
function PendingOperation({ id, onNear }: { readonly id: string; readonly onNear: (id: string) => void }) {
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear(id);
      },
      { rootMargin: AHEAD_OF_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, onNear]);
  return <div ref={placeholder} className={styles.pendingOperation} data-pending-operation={id} />;
}

/**
 * Redoc's `ContentItems`, drawn in passes: first the operation the reader sees on arrival and the one
 * the address links to, then the others one at a time in transitions, which React renders in slices
 * between the reader's input (operations near the viewport first). Up to 75rem wide, where Redoc stacks the
 * samples below the description, each of those appears over a few frames (`operationParts`); wider, each is drawn
 * whole. Tags and sections are drawn at once.
 */
export default function LazyContentItems({ items, onLinkedOperationDrawn }: Props): ReactNode {
  const flat = useMemo(() => flattenContentItems(items), [items]);
  const [rendered, setRendered] = useState<ReadonlySet<string>>(() =>
    firstPassOperations(flat, typeof window === 'undefined' ? '' : window.location.hash),
  );
  const [wanted, setWanted] = useState<readonly string[]>([]);

  // The first pass is on the page: bring a linked operation into view.
  const firstPassDone = useRef(false);
  useEffect(() => {
    if (firstPassDone.current) return;
    firstPassDone.current = true;
    requestAnimationFrame(onLinkedOperationDrawn);
  }, [onLinkedOperationDrawn]);

  // One more operation per transition, once the one before has appeared whole: the one wanted near the viewport
  // (drawn whole: the reader is about to see it), or the next in order (on a narrow screen in parts, one per frame).
  const [drawing, setDrawing] = useState<string | null>(null);
  useEffect(() => {
    if (drawing) return;
    const near = wanted.find((id) => !rendered.has(id));
    const next = near ?? nextOperationToRender(flat, rendered);
    if (!next) return;
    startTransition(() => {
      setRendered((current) => new Set(current).add(next));
      if (!near && drawsInParts()) setDrawing(next);
    });
  }, [flat, rendered, wanted, drawing]);

  // The operation in parts (operationParts.ts): all but the first hidden before the browser draws it, then one
  // more shown in a task after each frame.
  useLayoutEffect(() => {
    if (!drawing) return undefined;
    const parts = operationParts(document.getElementById(drawing));
    parts.hide();
    let step = 0;
    let frame = 0;
    let task: ReturnType<typeof setTimeout> | undefined;
    const afterNextFrame = () => {
      frame = requestAnimationFrame(() => {
        task = setTimeout(() => {
          const show = parts.steps[step];
          step += 1;
          if (show) {
            show();
            afterNextFrame();
          } else setDrawing(null);
        });
      });
    };
    afterNextFrame();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
      parts.showAll();
    };
  }, [drawing]);

  const onNear = useCallback((id: string) => {
    setWanted((current) => (current.includes(id) ? current : [...current, id]));
  }, []);

  // A link to an operation not drawn yet (the address changed on this page): draw it, then go there
  // once it is on the page.
  const [scrollRequests, setScrollRequests] = useState(0);
  useEffect(() => {
    const onHashChange = () => {
      const linked = linkedItemId(window.location.hash, flat);
      if (!linked) return;
      setRendered((current) => (current.has(linked) ? current : new Set(current).add(linked)));
      setScrollRequests((count) => count + 1);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [flat]);
  useEffect(() => {
    if (scrollRequests === 0) return undefined;
    const frame = requestAnimationFrame(onLinkedOperationDrawn);
    return () => cancelAnimationFrame(frame);
  }, [scrollRequests, onLinkedOperationDrawn]);

  return flat.map((item) => {
    if (item.type === 'group') return null;
    if (item.type !== 'operation') {
      return (
        <Section key={item.id} id={item.id}>
          <SectionItem item={item} />
        </Section>
      );
    }
    return (
      <Section key={item.id} id={item.id} $underlined>
        {rendered.has(item.id) ? (
          <OperationItem item={item as OperationModel} />
        ) : (
          <PendingOperation id={item.id} onNear={onNear} />
        )}
      </Section>
    );
  });
}
