/** @jest-environment jsdom */
import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import PageActions from '..';
import { COPY_OUTCOMES, copyMarkdown } from '../copyMarkdown';

const MARKDOWN = '---\ntitle: "Place an order"\n---\n\n# Place an order\n';

function environment({ status = 200, fetchFails = false, writeFails = false, contentType = 'text/markdown' } = {}) {
  const writeText = jest.fn(async (text: string) => {
    if (writeFails) throw new DOMException('Document is not focused', 'NotAllowedError');
    expect(typeof text).toBe('string');
  });
  const fetch = jest.fn(async () => {
    if (fetchFails) throw new TypeError('Failed to fetch');
    // jsdom has no Response: the part of one that copying reads.
    const body = status === 200 ? MARKDOWN : 'Sign-in required';
    const headers = new Headers({ 'Content-Type': `${contentType}; charset=utf-8` });
    return { ok: status === 200, status, headers, text: async () => body } as Response;
  });
  return { fetch, clipboard: { writeText }, writeText };
}

describe('copyMarkdown', () => {
  test.each([
    [{}, 'copied'],
    [{ status: 401 }, 'failedToFetch'],
    [{ fetchFails: true }, 'failedToFetch'],
    [{ writeFails: true }, 'failedToWrite'],
    // The development server's HTML shell, which it serves for every path: never copied as Markdown.
    [{ contentType: 'text/html' }, 'notBuilt'],
  ] as const)('%j → %s', async (options, outcome) => {
    const env = environment(options);
    await expect(copyMarkdown('/docs/x.md', env)).resolves.toBe(outcome);
    expect(env.fetch).toHaveBeenCalledWith('/docs/x.md', { credentials: 'same-origin' });
    // Nothing but the page's Markdown ever reaches the clipboard (not a 401's body).
    if (outcome === 'failedToFetch' || outcome === 'notBuilt') expect(env.writeText).not.toHaveBeenCalled();
    else expect(env.writeText).toHaveBeenCalledWith(MARKDOWN);
  });
});

describe('PageActions', () => {
  test('on the development server, says what to run for the Markdown instead of linking a page that is not there', () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      render(<PageActions permalink="/docs/x" assistantGuide="/docs/getting-started/assistant" />);
      fireEvent.click(screen.getByRole('button', { name: 'More page actions' }));
      expect(screen.queryByRole('link', { name: 'View as Markdown' })).toBeNull();
      expect(screen.getByTestId('dev-server-note')).toHaveTextContent(
        'Page Markdown needs the production build: run npm run serve',
      );
    } finally {
      process.env.NODE_ENV = before;
    }
  });

  test('links the page that says how to connect an assistant to the docs', () => {
    render(<PageActions permalink="/portal/docs/x" assistantGuide="/portal/docs/getting-started/assistant" />);
    fireEvent.click(screen.getByRole('button', { name: 'More page actions' }));
    expect(screen.getByRole('link', { name: 'Connect your assistant' })).toHaveAttribute(
      'href',
      '/portal/docs/getting-started/assistant',
    );
  });

  test('links the page’s Markdown: the path plus .md, or index.md inside a folder’s page', () => {
    const { unmount } = render(
      <PageActions
        permalink="/docs/trading-api/equity/single-equity-order"
        assistantGuide="/docs/getting-started/assistant"
      />,
    );
    expect(screen.getByRole('link', { name: 'View as Markdown', hidden: true })).toHaveAttribute(
      'href',
      '/docs/trading-api/equity/single-equity-order.md',
    );
    unmount();
    render(<PageActions permalink="/docs/trading-api/" assistantGuide="/docs/getting-started/assistant" />);
    expect(screen.getByRole('link', { name: 'View as Markdown', hidden: true })).toHaveAttribute(
      'href',
      '/docs/trading-api/index.md',
    );
  });

  test('"More" discloses the link and the note, and Escape closes it, back on the toggle', () => {
    render(<PageActions permalink="/docs/x" assistantGuide="/docs/getting-started/assistant" />);
    const toggle = screen.getByRole('button', { name: 'More page actions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'View as Markdown' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'View as Markdown' })).toBeVisible();
    expect(screen.getByText(/docs are private/)).toBeVisible();
    fireEvent.keyDown(screen.getByRole('link', { name: 'View as Markdown' }), { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('"Copy page" puts the Markdown on the clipboard and says so in the live region', async () => {
    const env = environment();
    Object.assign(window, { fetch: env.fetch });
    Object.defineProperty(navigator, 'clipboard', { value: env.clipboard, configurable: true });
    render(<PageActions permalink="/docs/x" assistantGuide="/docs/getting-started/assistant" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy page' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(COPY_OUTCOMES.copied));
    expect(env.writeText).toHaveBeenCalledWith(MARKDOWN);
    expect(env.fetch).toHaveBeenCalledWith('/docs/x.md', { credentials: 'same-origin' });
  });
});
