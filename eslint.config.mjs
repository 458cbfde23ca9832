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

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-e2e/',
      'build-e2e-base-url/',
      'build-bench/',
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
    // The sign-in SDK stays at the edge: one file uses it, and it loads only where sign-in is needed.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['src/auth/authEngine.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@okta/*'],
              message:
                'Only src/auth/authEngine.ts imports the sign-in SDK; program against AuthEngine (src/auth/AuthProvider/engine.ts).',
            },
          ],
        },
      ],
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
    // The Try it build writes what the panel reads: both take its shape from contracts/tryIt, and the build never
    // imports the panel (UI code).
    files: ['plugins/try-it/**/*.{ts,tsx,js,mjs}'],
    ignores: ['plugins/try-it/**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CONTRACT_IMPORT_RULES[0],
            {
              group: ['**/src/*', '@site/src/*', '@theme/*'],
              message: 'Build code imports no UI code: put what plugins/try-it and the panel share in contracts/tryIt.',
            },
          ],
        },
      ],
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
