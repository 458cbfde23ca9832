/** @jest-environment jsdom */
import React from 'react';
import { render, screen } from '@testing-library/react';
import DevServerNote, { isDevServer, SERVE_COMMAND } from '..';

describe('DevServerNote', () => {
  it('names the feature and the command that gives it', () => {
    render(<DevServerNote feature="Search" />);
    expect(screen.getByTestId('dev-server-note')).toHaveTextContent(
      'Search needs the production build: run npm run serve (it builds the site first when there is no build, and serves it with the sign-in and the sandbox).',
    );
    expect(SERVE_COMMAND).toBe('npm run serve');
  });

  it('is one short line in the navbar', () => {
    render(<DevServerNote feature="Search" compact />);
    expect(screen.getByTestId('dev-server-note')).toHaveTextContent(
      'Search needs the production build: run npm run serve.',
    );
  });

  it('knows the development server by NODE_ENV, which the bundler sets', () => {
    const before = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'development';
      expect(isDevServer()).toBe(true);
      process.env.NODE_ENV = 'production';
      expect(isDevServer()).toBe(false);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
