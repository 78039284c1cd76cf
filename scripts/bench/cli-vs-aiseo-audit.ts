/**
 * Benchmark phase: the `citable` command against the peer aiseo-audit, whole process per page
 * (start, fetch, audit, print), on the same corpus pages served from 127.0.0.1, alternating the
 * two tools page by page so that the machine's noise falls on both alike. Also times
 * `citable --version`, which a pipeline calls to check the install.
 * Targets: `--version` under 300 ms; a page audit at most half of aiseo-audit's time.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const CITABLE = fileURLToPath(new URL('../../packages/cli/bin/citable.mjs', import.meta.url));
const AISEO_AUDIT = fileURLToPath(new URL('../../node_modules/aiseo-audit/bin/aiseo-audit.js', import.meta.url));
const CORPUS = fileURLToPath(new URL('../../packages/engine/test/corpus/', import.meta.url));

export interface CliBenchResult {
  pages: number;
  versionMedianMs: number;
  citableMedianMs: number;
  citableTotalS: number;
  peerMedianMs: number;
  peerTotalS: number;
  failures: string[];
}

/** Runs one command to its end; resolves to its wall time in ms and exit code (output discarded). */
function timed(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ ms: performance.now() - started, code }));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function benchCliAgainstPeer(pageCount = 30): Promise<CliBenchResult> {
  const names = readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .slice(0, pageCount);
  const server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').slice(1));
    if (!names.includes(name)) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(`${CORPUS}${name}/source.html`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const failures: string[] = [];
  try {
    // One untimed run of each warms the file cache (and builds the CLI if its sources changed).
    await timed([CITABLE, 'audit', `${origin}/${names[0]}`], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    await timed([AISEO_AUDIT, `${origin}/${names[0]}`]);
    const version: number[] = [];
    for (let run = 0; run < 10; run += 1) version.push((await timed([CITABLE, '--version'])).ms);
    const citable: number[] = [];
    const peer: number[] = [];
    for (const name of names) {
      const url = `${origin}/${name}`;
      // Exit 1 is a score under a threshold or a failed check; 3 an error page: all complete audits.
      const ours = await timed([CITABLE, 'audit', url], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
      if (ours.code === 2 || ours.code === null) failures.push(`citable ${name}: exit ${ours.code}`);
      citable.push(ours.ms);
      const theirs = await timed([AISEO_AUDIT, url]);
      if (theirs.code !== 0 && theirs.code !== 1) failures.push(`aiseo-audit ${name}: exit ${theirs.code}`);
      peer.push(theirs.ms);
    }
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / 1000;
    return {
      pages: names.length,
      versionMedianMs: Math.round(median(version)),
      citableMedianMs: Math.round(median(citable)),
      citableTotalS: total(citable),
      peerMedianMs: Math.round(median(peer)),
      peerTotalS: total(peer),
      failures,
    };
  } finally {
    server.close();
  }
}
