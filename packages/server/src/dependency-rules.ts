import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's layering, checked over its import graph (dependency-rules.test.ts runs it in
 * `npm test`):
 *
 * - `features/<area>/` holds one area each; everything else under `src/` is the shared core
 *   (configuration, database, auth and sessions, jobs, mail, read caches, operations, `lib/`),
 *   except the composition roots, which register the core and then each feature.
 * - The core imports no feature.
 * - A feature uses another only through that feature's `index.ts`, never its internals; so do the
 *   composition roots.
 * - No two files import each other.
 *
 * Tests beside the code may reach into their own feature; they are not checked.
 */

/** Files that compose the app from the core and the features. */
export const COMPOSITION_ROOTS = ['app.ts', 'server.ts', 'worker.ts'];

export interface Violation {
  file: string;
  imports: string;
  rule: 'core-imports-feature' | 'feature-internals' | 'mutual-import';
}

// Static imports and re-exports (`import x from`, `import type`, `export ... from`, side-effect
// imports) and dynamic `import()`; comments are not code, so they are dropped first.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('.race-child.')) out.push(full);
  }
  return out;
}

function resolveImport(from: string, specifier: string): string | null {
  const target = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this candidate.
    }
  }
  return null;
}

/** The relative imports of every non-test source file under `srcDir`, as paths relative to it. */
export function importGraph(srcDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const targets = new Set<string>();
    for (const match of code.matchAll(IMPORT)) {
      const resolved = resolveImport(file, match[2]!);
      if (resolved) targets.add(path.relative(srcDir, resolved));
    }
    graph.set(path.relative(srcDir, file), targets);
  }
  return graph;
}

/** `features/<area>/...` -> area; null for the core and the composition roots. */
export function featureOf(file: string): string | null {
  const parts = file.split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1]! : null;
}

export function violations(graph: Map<string, Set<string>>): Violation[] {
  const found: Violation[] = [];
  for (const [file, targets] of graph) {
    const own = featureOf(file);
    const isRoot = COMPOSITION_ROOTS.includes(file);
    for (const target of targets) {
      const area = featureOf(target);
      if (area === null || area === own) continue;
      if (own === null && !isRoot) found.push({ file, imports: target, rule: 'core-imports-feature' });
      else if (target !== path.join('features', area, 'index.ts')) found.push({ file, imports: target, rule: 'feature-internals' });
    }
    for (const target of targets) {
      if (file < target && graph.get(target)?.has(file)) found.push({ file, imports: target, rule: 'mutual-import' });
    }
  }
  return found;
}
