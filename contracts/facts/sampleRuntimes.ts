/**
 * What a reader needs to run the docs' request samples as pasted, stated once: the page that explains it and
 * the line under every JavaScript and Python sample read these values. The lowest version each sample truly
 * runs on, not the newest: `tests/content/sampleRuntimes.ts` lists the language features the samples use with
 * the version that brought each, and fails when a sample needs more than is stated here.
 */

export interface SampleRuntime {
  /** The runtime's name as the pages write it. */
  readonly runtime: string;
  /** The lowest version the samples run on, `major` or `major.minor`. */
  readonly minimumVersion: string;
  /** The requirement in a few words, as the pages state it. */
  readonly requirement: string;
  /** The file a sample is saved as to run it as pasted (a JavaScript sample is an ES module: `.mjs`). */
  readonly fileExtension: string;
  /** The command that runs the saved file. */
  readonly command: string;
}

export const SAMPLE_RUNTIMES = {
  // Node.js 20 is the first long-term release with every feature the samples use: top-level await in an
  // ES module, global fetch and FormData, global crypto.randomUUID (19) and fs.openAsBlob (19.8).
  javascript: {
    runtime: 'Node.js',
    minimumVersion: '20',
    requirement: 'Node.js 20 or later',
    fileExtension: '.mjs',
    command: 'node',
  },
  // The samples need Python 3.6 (f-strings), but the current release of the requests library
  // they use (2.34) needs 3.10.
  python: {
    runtime: 'Python',
    minimumVersion: '3.10',
    requirement: 'Python 3.10 or later, with requests',
    fileExtension: '.py',
    command: 'python3',
  },
} as const satisfies Record<'javascript' | 'python', SampleRuntime>;

/** The section that says what the samples need; each JavaScript and Python sample links to it. */
export const SAMPLE_RUNTIMES_HREF = '/docs/getting-started/first-test-order#what-the-samples-need';
