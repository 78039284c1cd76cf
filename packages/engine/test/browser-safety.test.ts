import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const NODE_BUILTINS = ['fs', 'path', 'os', 'crypto', 'http', 'https', 'net', 'url', 'child_process', 'stream', 'zlib', 'worker_threads', 'util', 'buffer', 'process', 'events'];

describe('engine runs in the browser', () => {
  it('has no Node-only imports or globals in src', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)) {
        const spec = m[1];
        if (spec.startsWith('node:') || NODE_BUILTINS.includes(spec.split('/')[0])) offenders.push(`${file}: imports ${spec}`);
      }
      if (/\bBuffer\s*\.|\bprocess\.(?:env|cwd|argv|hrtime)|\b__dirname\b|\brequire\s*\(/.test(text)) offenders.push(`${file}: uses a Node global`);
      if (/\bDate\.now\s*\(|\bMath\.random\s*\(|new Date\(\s*\)/.test(text)) offenders.push(`${file}: reads the clock or randomness`);
    }
    expect(offenders).toEqual([]);
  });
});
