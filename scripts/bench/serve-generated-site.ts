/**
 * Serves the generated benchmark site in its own process, so that page generation does not
 * compete with the crawler for the benchmark process's event loop. Prints the origin as its
 * first line of output and serves until killed.
 * Run: node --import tsx scripts/bench/serve-generated-site.ts [pages]
 */
import { startGeneratedSite } from './generated-site';

const { origin } = await startGeneratedSite(Number(process.argv[2] ?? 1000));
process.stdout.write(`${origin}\n`);
