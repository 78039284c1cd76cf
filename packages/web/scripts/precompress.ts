/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at the
 * highest levels (too slow to pay per request), for the server to send to clients that accept
 * them (@fastify/static `preCompressed`, server/src/web/web-plugin.ts). A copy is written only
 * when it is smaller than the file; the server falls back to the file itself.
 */
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|txt|xml|json|map|webmanifest)$/i;
/** Smaller files gain less than the headers cost. */
const MIN_BYTES = 1024;

async function* filesOf(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesOf(file);
    else if (entry.isFile()) yield file;
  }
}

/** Compresses one file; stale copies of a file that no longer gains are removed. */
export async function precompressFile(file: string): Promise<{ raw: number; br?: number; gz?: number }> {
  const body = await readFile(file);
  const result: { raw: number; br?: number; gz?: number } = { raw: body.length };
  const variants: [string, 'br' | 'gz', () => Promise<Buffer>][] = [
    [`${file}.br`, 'br', () => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })],
    [`${file}.gz`, 'gz', () => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })],
  ];
  for (const [target, key, compress] of variants) {
    const compressed = body.length >= MIN_BYTES ? await compress() : undefined;
    if (compressed && compressed.length < body.length) {
      await writeFile(target, compressed);
      result[key] = compressed.length;
    } else {
      await unlink(target).catch(() => {});
    }
  }
  return result;
}

/** Compresses every compressible file under `distDir`; returns the totals. */
export async function precompress(distDir: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for await (const file of filesOf(distDir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const sizes = await precompressFile(file);
    totals.files += 1;
    totals.raw += sizes.raw;
    totals.br += sizes.br ?? sizes.raw;
    totals.gz += sizes.gz ?? sizes.raw;
  }
  return totals;
}
