// Unit tests sit beside the code (`__tests__/*.test.ts(x)`), in the folders the `unit` layer of tests/layers.json names.
// Jest and its workers run on the project's Node (config/nodeRuntime.mjs).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS config (loading an ES module and the layer list) */
require('./config/nodeRuntime.mjs').assertPinnedNode();
const path = require('node:path');
const unitLayer = require('./tests/layers.json').layers.find((layer) => layer.name === 'unit');

/** @type {import('jest').Config} */
module.exports = {
  // Node by default; a file that needs a DOM says so in its first lines: `/** @jest-environment jsdom */`.
  testEnvironment: 'node',
  // The files of the `unit` layer of tests/layers.json, the one list of test layers; each root is a glob's folder.
  roots: [...new Set(unitLayer.files.map((glob) => `<rootDir>/${glob.slice(0, glob.indexOf('/**'))}`))],
  testMatch: unitLayer.files.map((glob) => path.join(__dirname, glob)),
  // Modules shared with the server (config/*.mjs) are ESM: babel-jest turns them into CommonJS too.
  transform: { '\\.(mjs|[jt]sx?)$': 'babel-jest' },
  // So are the Markdown parser and its syntax tree helpers (ES modules only), which Jest's CommonJS cannot load as
  // they are: every other package is left as it is.
  transformIgnorePatterns: [
    '/node_modules/(?!(mdast-util-from-markdown|mdast-util-to-string|micromark[^/]*|decode-named-character-reference|character-entities|devlop|unist-util-[^/]+)/)',
  ],
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/tests/unit/cssModuleStub.js',
    '^@site/(.*)$': '<rootDir>/$1',
    '^@docusaurus/Link$': '<rootDir>/tests/unit/stubs/DocusaurusLink.tsx',
    '^@docusaurus/Head$': '<rootDir>/tests/unit/stubs/DocusaurusHead.tsx',
    // Docusaurus's router is react-router-dom v5; tests render inside its MemoryRouter.
    '^@docusaurus/router$': 'react-router-dom',
    '^@docusaurus/useIsBrowser$': '<rootDir>/tests/unit/stubs/useIsBrowser.ts',
    '^@docusaurus/useBrokenLinks$': '<rootDir>/tests/unit/stubs/useBrokenLinks.ts',
  },
  // The API descriptions, bundled once for every test file (openapi/descriptions.ts).
  globalSetup: '<rootDir>/openapi/jestGlobalSetup.ts',
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
};
