import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';

/**
 * The grammar names (language ids and aliases) Prism has after running `files` in a fresh context: its core
 * (`prismjs`, or `prismjs/components/prism-core.js`), then language components in dependency order. The
 * registry's helpers (`extend`, `insertBefore`, `DFS`) are functions and left out. Nothing leaks into this
 * process: each call gets its own Prism.
 */
export function prismGrammarNames(files: readonly string[]): Set<string> {
  const context = createContext({});
  for (const file of files) runInContext(readFileSync(file, 'utf8'), context, { filename: file });
  const { Prism } = context as { Prism?: { languages?: Record<string, unknown> } };
  if (!Prism?.languages) {
    throw new Error(`No Prism core among ${files.join(', ') || 'no files'}: put prismjs or its prism-core.js first.`);
  }
  const { languages } = Prism;
  return new Set(Object.keys(languages).filter((name) => typeof languages[name] === 'object'));
}
