#!/usr/bin/env bash
# `npm test`: every check, cheapest first. Each step stops the run on failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Node version";             node --test config/__tests__/nodeRuntime.test.mjs
step "Type check";               npm run --silent typecheck
step "Lint";                     npm run --silent lint
step "Format";                   npm run --silent format:check
step "OpenAPI lint";             npm run --silent lint:openapi
step "Unit tests (Jest)";        npx jest --ci
step "Identity provider tests";  node --test 'dev/idp/__tests__/*.test.mjs'
step "Production server tests";  node --test 'server/__tests__/*.test.mjs' 'plugins/precompress/__tests__/*.test.mjs'
step "Page Markdown, llms.txt, search documents"; node --test 'plugins/page-markdown/__tests__/*.test.mjs' 'plugins/search-index/__tests__/*.test.mjs'
step "Benchmark budgets, report"; node --test 'scripts/bench/__tests__/*.test.mjs'
step "Chromium";                 bash scripts/ensure-chromium.sh
step "A newcomer's first hour (a clean clone: npm ci && npm start, npm run serve)"; npx playwright test --config playwright.first-hour.config.ts
step "Production build";         node scripts/build-for-tests.mjs
step "Browser tests (Playwright)"; npx playwright test
step "Production build at a base URL"; node scripts/build-for-tests.mjs --base-url
step "Browser tests at a base URL"; npx playwright test --config playwright.base-url.config.ts
