const WORD_END = /[\p{L}\p{N}_]+$/u;
const WORD_START = /^[\p{L}\p{N}_]+/u;

/**
 * Widens every `<mark>` under `root` to the whole words it starts or ends inside: the search plugin marks
 * the stem ("order" of "orders"), which splits the word on screen. Only text moves; nothing is parsed.
 * Returns how many marks were widened.
 */
export function wholeWordMarks(root: ParentNode): number {
  let widened = 0;
  for (const mark of Array.from(root.querySelectorAll('mark'))) {
    const before = mark.previousSibling;
    const after = mark.nextSibling;
    let changed = false;
    if (before?.nodeType === Node.TEXT_NODE && WORD_START.test(mark.textContent ?? '')) {
      const head = WORD_END.exec(before.textContent ?? '')?.[0];
      if (head) {
        before.textContent = before.textContent!.slice(0, -head.length);
        mark.prepend(head);
        changed = true;
      }
    }
    if (after?.nodeType === Node.TEXT_NODE && WORD_END.test(mark.textContent ?? '')) {
      const tail = WORD_START.exec(after.textContent ?? '')?.[0];
      if (tail) {
        after.textContent = after.textContent!.slice(tail.length);
        mark.append(tail);
        changed = true;
      }
    }
    if (changed) widened += 1;
  }
  return widened;
}
