import { bundleDescriptions } from './descriptions';

/** Bundles the API descriptions once per Jest run; every test file reads them with `loadBundled`. */
export default async function bundleApiDescriptions(): Promise<void> {
  await bundleDescriptions();
}
