import { setUpCitableBundle } from './citable-bundle';

/** Root vitest global setup: builds the Citable bundle the spawned-process tests start (citable-bundle.ts). */
export default async function setup(): Promise<() => void> {
  return setUpCitableBundle();
}
