// ESLint flat config: TypeScript and React rules; formatting is left to Prettier.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { assertPinnedNode } from './config/nodeRuntime.mjs';

assertPinnedNode();

/** What a module of contracts/ may not import: the code that imports it, and the sign-in SDK (as everywhere). */
const CONTRACT_IMPORT_RULES = [
  { group: ['@okta/*'], message: 'Only src/auth/authEngine.ts imports the sign-in SDK.' },
  {
    group: [
      '**/src/*',
      '**/plugins/*',
      '**/server/*',
      '**/sandbox/*',
      '**/dev/*',
      '**/config/*',
      '@site/*',
      '@theme/*',
      '@docusaurus/*',
    ],
    message: 'contracts/ is imported by the browser, the build, the server and the Worker, and imports none of them.',
  },
];
const AJV_IMPORT_RULE = {
  group: ['ajv', 'ajv/*', 'ajv-formats'],
  message:
    'Only contracts/openapi/ajv.ts imports Ajv: the browser, the server and the Worker load the other contracts.',
};

/** The sign-in SDK stays at the edge: one file uses it, and it loads only where sign-in is needed. */
const SIGN_IN_SDK_RULE = {
  group: ['@okta/*'],
  message:
    'Only src/auth/authEngine.ts imports the sign-in SDK; program against AuthEngine (src/auth/AuthProvider/engine.ts).',
};

/**
 * Build and server code: the site's config, the plugins and the scripts that run the build, the production server
 * and the Worker, the sandbox, the development identity provider and the API descriptions' checks. None of it
 * imports src/, the browser's code: what both need is a plain module in contracts/ (or config/).
 */
const BUILD_AND_SERVER_FILES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'config/**',
  'dev/**',
  'openapi/**',
  'plugins/**',
  'sandbox/**',
  'scripts/**',
  'server/**',
];
/** An import of src/, relative (`../../src/…`, `./src/…`) or through the site alias (`@site/src/…`). */
const IMPORTS_SRC = '^(?:@site/|(?:\\.\\.?/)+)src(?:/|$)';
const NO_SRC_RULE = {
  regex: IMPORTS_SRC,
  message:
    "Build and server code never imports src/ (the browser's code): move what both need to contracts/ (see contracts/README.md).",
};
/** The server (Node and the Worker) imports nothing of the build's plugins: what it shares with them is in contracts/. */
const NO_PLUGINS_RULE = {
  regex: '^(?:@site/|(?:\\.\\.?/)+)plugins(?:/|$)',
  message:
    'server/ never imports plugins/: what the server shares with the build (e.g. the precompressed variants) is in contracts/.',
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-e2e/',
      'build-e2e-base-url/',
      'build-bench/',
      'build-bench-v1/',
      'build-e2e-again/',
      'build-e2e-edited/',
      'bench-results/',
      '.docusaurus/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      'react/prop-types': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text, never HTML a visitor could influence.',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['src/auth/authEngine.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SIGN_IN_SDK_RULE] }],
    },
  },
  {
    // The arrows run one way: build and server code never imports the browser's code. (A later block replaces
    // the rule's options, so each repeats the sign-in SDK's pattern.)
    files: BUILD_AND_SERVER_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [SIGN_IN_SDK_RULE, NO_SRC_RULE] }],
    },
  },
  {
    // The server's tests build a fixture site the way `npm run build` does (plugins/precompress), to serve it.
    files: ['server/**'],
    ignores: ['server/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SIGN_IN_SDK_RULE, NO_SRC_RULE, NO_PLUGINS_RULE] }],
    },
  },
  {
    // contracts/: plain modules that the browser, the build, the Node server and the Worker all import. They import
    // nothing of those (build code imports them, never UI code), and nothing heavy: Ajv only in contracts/openapi/ajv.ts,
    // which the browser, the server and the Worker never import.
    files: ['contracts/**/*.{ts,tsx,js,mjs}'],
    ignores: ['contracts/**/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...CONTRACT_IMPORT_RULES, AJV_IMPORT_RULE] }],
    },
  },
  {
    files: ['contracts/openapi/ajv.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: CONTRACT_IMPORT_RULES }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Plugins' code that is bundled for the browser (pages and web workers).
    files: ['plugins/*/client/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  prettier,
);
