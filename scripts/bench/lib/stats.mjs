/** Small helpers shared by the benchmarks. */
import { pathToFileURL } from 'node:url';

/** The median (the upper one of an even count, as the scripts always reported). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** True when the module at `moduleUrl` is the script node was started with (so its CLI should run). */
export const isMain = (moduleUrl) => Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]).href;
