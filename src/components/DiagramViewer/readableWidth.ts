/** The smallest label size, in CSS pixels, at which a diagram drawn to fit its column is readable there. */
const MIN_LABEL_PX = 12;

/** The smallest font size of the text a rendered diagram draws (its `<text>` and HTML labels), in its own units. */
export function smallestLabelFont(svg: SVGSVGElement): number {
  let smallest = Infinity;
  const labels = svg.querySelectorAll<Element>('text, tspan, foreignObject span, foreignObject p, foreignObject div');
  for (const element of Array.from(labels)) {
    const ownText = Array.from(element.childNodes).some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!ownText) continue;
    const size = Number.parseFloat(getComputedStyle(element).fontSize);
    if (size > 0) smallest = Math.min(smallest, size);
  }
  return Number.isFinite(smallest) ? smallest : 0;
}

/**
 * The size on screen, in CSS pixels, of a diagram's smallest label: its font size in the diagram's units,
 * scaled as the diagram is (its drawn width over its viewBox width). 0 when either is unknown.
 */
export function labelSizeOnScreen(smallestFontPx: number, drawnWidth: number, viewBoxWidth: number): number {
  if (!(smallestFontPx > 0) || !(drawnWidth > 0) || !(viewBoxWidth > 0)) return 0;
  return (smallestFontPx * drawnWidth) / viewBoxWidth;
}

/** Whether a diagram drawn to fit its column is too small to read there (unknown sizes are not: nothing is drawn yet). */
export function tooSmallToRead(labelPx: number): boolean {
  return labelPx > 0 && labelPx < MIN_LABEL_PX;
}
