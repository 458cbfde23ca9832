/**
 * Docusaurus's link check outside a build: unit tests render components alone, where no page collects what they
 * link to or the anchors they have. The build's own check runs on every production build (`onBrokenAnchors`).
 */
export default function useBrokenLinks(): {
  collectAnchor: (anchor?: string) => void;
  collectLink: (link?: string) => void;
} {
  return { collectAnchor: () => undefined, collectLink: () => undefined };
}
