// ESLint flat config: TypeScript and React rules; formatting is left to Prettier.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { assertPinnedNode } from './config/nodeRuntime.mjs';

assertPinnedNode();

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
