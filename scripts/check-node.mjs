#!/usr/bin/env node
// The Node version check alone (config/nodeRuntime.mjs), run before tools that load no project code (tsc,
// Prettier): they start on the same `node` the PATH gives this script.
import { assertPinnedNode } from '../config/nodeRuntime.mjs';

assertPinnedNode();
