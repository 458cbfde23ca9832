/** What a "Copy page" press ends in: a closed set, so the announcement is one of these texts. */
export const COPY_OUTCOMES = {
  copied: 'Copied this page as Markdown. Paste it into your assistant.',
  failedToFetch: 'Could not load this page’s Markdown. Sign in again, or use “View as Markdown”.',
  failedToWrite: 'Could not copy to the clipboard. Use “View as Markdown” and copy the text from there.',
  notBuilt:
    'This server has no page Markdown: the production build writes it. Run “npm run serve” and copy the page there.',
} as const satisfies Record<string, string>;

export type CopyOutcome = keyof typeof COPY_OUTCOMES;

/** What copying needs from the browser: passed in, so that it can be tested without one. */
export interface CopyEnvironment {
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  readonly clipboard: Pick<Clipboard, 'writeText'>;
}

/**
 * Fetches the page's Markdown (with the reader's cookie: it is protected) and puts it on the clipboard.
 * Never throws: the outcome says what happened.
 */
export async function copyMarkdown(markdownUrl: string, environment: CopyEnvironment): Promise<CopyOutcome> {
  let text: string;
  try {
    const response = await environment.fetch(markdownUrl, { credentials: 'same-origin' });
    if (!response.ok) return 'failedToFetch';
    // The development server answers every path with its HTML shell: that is no page's Markdown.
    if (/^text\/html\b/i.test(response.headers.get('Content-Type') ?? '')) return 'notBuilt';
    text = await response.text();
  } catch {
    return 'failedToFetch';
  }
  try {
    await environment.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failedToWrite';
  }
}
