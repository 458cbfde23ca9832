/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import tryItPlugin from '../index';

/** The command names of this process's running child processes (not those ended and not yet reaped), from /proc. */
function childCommands(): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(parent) === process.pid && state !== 'Z'
          ? [stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))]
          : [];
      } catch {
        return []; // The process ended while we looked.
      }
    });
}

describe('tryItPlugin', () => {
  it('writes one module per operation and leaves no esbuild process running for the rest of the build', async () => {
    const context = { siteConfig: { baseUrl: '/' }, siteDir: path.resolve(__dirname, '../../..') } as LoadContext;
    const plugin = tryItPlugin({ protectedPaths: ['/docs', '/api'] })(context);
    const content = (await plugin.loadContent?.()) as { modules: Promise<Record<string, string>> };
    const modules = await content.modules;
    expect(Object.keys(modules)).toEqual(expect.arrayContaining(['docs/try-it/openAccount.js']));
    expect(modules['docs/try-it/openAccount.js']).toMatch(/export default/);
    // The Trading API's v2 has its own modules (its cancel is POST …/cancel below /v2), beside v1's.
    expect(Object.keys(modules)).toEqual(
      expect.arrayContaining(['docs/try-it/cancelEquityOrder.js', 'docs/try-it/v2/cancelEquityOrder.js']),
    );
    expect(Object.keys(modules).filter((file) => file.startsWith('docs/try-it/v2/openAccount'))).toEqual([]);
    expect(modules['docs/try-it/v2/cancelEquityOrder.js']).toContain('/orders/equity/{orderId}/cancel');
    expect(modules['docs/try-it/v2/cancelEquityOrder.js']).toContain('"/v2"');
    // Stopped, esbuild's process ends a moment later.
    while (childCommands().includes('esbuild')) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(childCommands()).not.toContain('esbuild');
    // Every operation of the four descriptions is compiled: seconds on a busy machine.
  }, 60_000);
});
