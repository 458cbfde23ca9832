#!/usr/bin/env bash
# `npm test`: every check, cheapest first. Each step stops the run on failure. The test layers and their files are
# listed once, in tests/layers.json: the node --test layers run through scripts/test-layer.mjs, Jest and Playwright
# read their files from it or from their configs (tests/unit/__tests__/testLayers.test.ts checks both).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Node version";             node scripts/test-layer.mjs node
step "Type check";               npm run --silent typecheck
step "Lint";                     npm run --silent lint
step "Format";                   npm run --silent format:check
step "OpenAPI lint";             npm run --silent lint:openapi
step "Unit tests (Jest)";        npx jest --ci
step "Identity provider tests";  node scripts/test-layer.mjs idp
step "Production server tests";  node scripts/test-layer.mjs server
step "Page Markdown, llms.txt, search documents"; node scripts/test-layer.mjs page-markdown
step "Benchmark budgets, report"; node scripts/test-layer.mjs bench
step "Chromium";                 bash scripts/ensure-chromium.sh
step "A newcomer's first hour (a clean clone: npm ci && npm start, npm run serve)"; npx playwright test --config playwright.first-hour.config.ts
step "Production build";         node scripts/build-for-tests.mjs
step "On the build: it repeats byte for byte, and the MCP server answers from it"; node scripts/test-layer.mjs built
step "Browser tests (Playwright)"; npx playwright test
step "Production build at a base URL"; node scripts/build-for-tests.mjs --base-url
step "Browser tests at a base URL"; npx playwright test --config playwright.base-url.config.ts
