/** The smallest label size, in CSS pixels, a diagram may show at its default size on a desktop screen. */
export const MIN_LABEL_PX = 12;

/**
 * The width at which a diagram's smallest label is `MIN_LABEL_PX` on screen: the diagram's own width
 * (its viewBox) scaled by how far its smallest font (in the diagram's units) is above that size.
 */
export function minimumReadableWidth(viewBoxWidth: number, smallestFontPx: number): number {
  if (!(viewBoxWidth > 0) || !(smallestFontPx > 0)) return 0;
  return Math.ceil((viewBoxWidth * MIN_LABEL_PX) / smallestFontPx);
}

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
