import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const builtDist = resolve(import.meta.dirname, '../../packages/web/dist');
// scripts/prerender.ts writes this origin when PUBLIC_URL is unset at build time.
const BUILD_ORIGIN = 'http://localhost:3000';

export interface ServedDist {
  dir: string;
  /** Makes canonical, og: and sitemap URLs name `origin`, as a build with PUBLIC_URL=origin would. */
  setOrigin(origin: string): void;
  remove(): void;
}

/**
 * A copy of the built web app for a server on a random port: the port is known only once the
 * server listens, and the server reads page files per request, so the origin is set afterwards.
 */
export function copyBuiltDist(): ServedDist {
  const dir = mkdtempSync(join(tmpdir(), 'citable-dist-'));
  cpSync(builtDist, dir, { recursive: true });
  const rewrite = (folder: string, origin: string) => {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      if (statSync(file).isDirectory()) rewrite(file, origin);
      else if (/\.(html|xml|txt)$/.test(name)) {
        const before = readFileSync(file, 'utf8');
        const after = before.replaceAll(BUILD_ORIGIN, origin);
        if (after === before) continue;
        writeFileSync(file, after);
        // The build's compressed copies (sent to browsers that accept them) must say the same.
        if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(after, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
        if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(after));
      }
    }
  };
  return { dir, setOrigin: (origin) => rewrite(dir, origin), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
