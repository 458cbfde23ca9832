// Unit tests sit beside the code (`__tests__/*.test.ts(x)`); browser tests are Playwright's (`tests/e2e`).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: [
    '<rootDir>/config',
    '<rootDir>/src',
    '<rootDir>/plugins',
    '<rootDir>/openapi',
    '<rootDir>/sandbox',
    '<rootDir>/tests/content',
  ],
  testMatch: ['**/__tests__/**/*.test.ts?(x)'],
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/tests/unit/cssModuleStub.js',
    '^@site/(.*)$': '<rootDir>/$1',
    '^@docusaurus/Link$': '<rootDir>/tests/unit/stubs/DocusaurusLink.tsx',
    '^@docusaurus/Head$': '<rootDir>/tests/unit/stubs/DocusaurusHead.tsx',
    // Docusaurus's router is react-router-dom v5; tests render inside its MemoryRouter.
    '^@docusaurus/router$': 'react-router-dom',
    '^@docusaurus/useIsBrowser$': '<rootDir>/tests/unit/stubs/useIsBrowser.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
};
