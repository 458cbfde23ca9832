// The development provider refuses to run as a production service, however NODE_ENV spells it.
// Run: node --test dev/idp/__tests__/nodeEnv.test.mjs
import { strict as assert } from 'node:assert';
import { test } from 'node:test';

import { resolveSettings, UnsafeSettingsError } from '../settings.mjs';

for (const nodeEnv of ['production', 'Production', 'PRODUCTION', ' production ']) {
  test(`NODE_ENV=${JSON.stringify(nodeEnv)} is refused, saying why`, () => {
    assert.throws(
      () => resolveSettings({ nodeEnv }),
      (error) => error instanceof UnsafeSettingsError && /NODE_ENV is "production"/.test(error.message),
    );
  });
}

for (const nodeEnv of [undefined, 'development', 'test', 'productionish']) {
  test(`NODE_ENV=${JSON.stringify(nodeEnv)} runs`, () => {
    assert.equal(resolveSettings({ nodeEnv }).nodeEnv, nodeEnv);
  });
}
