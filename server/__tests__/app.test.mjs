// @ts-check
// The production server app against a small fixture build, in process (Hono's app.request). The
// expectations are shared with the Worker on workerd (worker.test.mjs): see siteBehaviour.mjs.
// Run: node --test 'server/__tests__/*.test.mjs'
import { useFixtureSite } from './fixtureBuild.mjs';
import { describeSiteBehaviour } from './siteBehaviour.mjs';

const site = useFixtureSite();

describeSiteBehaviour(async (path, init = {}) => site.app.request(path, init), { precompressed: true });
