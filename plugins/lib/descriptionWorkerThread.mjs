// @ts-check
/**
 * The description worker (started by `descriptionWorker.ts`): the jobs of `descriptionJobs.ts`, loaded through jiti
 * as the site's config is, exposed to the build's main thread one at a time (`jobThread.mjs`).
 */
import { createRequire } from 'node:module';
import { exposeJobs } from './jobThread.mjs';

const require = createRequire(import.meta.url);
/** @type {(id: string) => any} */
const jiti = require('jiti')(import.meta.filename, { interopDefault: true, cache: true });
exposeJobs(jiti('./descriptionJobs.ts').DESCRIPTION_JOBS, 'description job');
