import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { featureOf, importGraph, violations } from './dependency-rules';

/** A throwaway source tree: path -> code, removed when the test that asked for it ends. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'citable-deps-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  }
  return root;
}

describe("the server's dependency rules", () => {
  it('hold for the server as it is: the core imports no feature, features meet only at index.ts, no two files import each other', () => {
    const graph = importGraph(path.join(import.meta.dirname));
    // The walk found the tree (a wrong folder would pass with nothing to check).
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('app.ts')?.has(path.join('features', 'audits', 'index.ts'))).toBe(true);
    expect(violations(graph)).toEqual([]);
  });

  it("finds a feature reaching into another's internals, and allows its index and its own files", () => {
    const root = tree({
      'features/audits/index.ts': "export { run } from './run';",
      'features/audits/run.ts': "import { gate } from '../billing/gates';\nexport const run = gate;",
      'features/billing/index.ts': "export { gate } from './gates';",
      'features/billing/gates.ts': "import type { Db } from '../../db';\nexport const gate = 1;",
      'features/track/alerts.ts': "import { run } from '../audits';\nimport { gate } from '../billing/index';\nexport const x = run + gate;",
      'db.ts': 'export type Db = number;',
    });
    expect(violations(importGraph(root))).toEqual([{ file: path.join('features', 'audits', 'run.ts'), imports: path.join('features', 'billing', 'gates.ts'), rule: 'feature-internals' }]);
  });

  it('finds the core importing a feature, even through its index or a type import or a dynamic import', () => {
    const root = tree({
      'config.ts': "import type { Settings } from './features/llm/settings';\nexport const c = 1;",
      'ops/metrics.ts': "export const load = () => import('../features/audits');",
      'features/llm/settings.ts': 'export type Settings = 1;',
      'features/audits/index.ts': 'export const a = 1;',
      'app.ts': "import { a } from './features/audits';\nimport { c } from './config';",
    });
    expect(violations(importGraph(root))).toEqual([
      { file: 'config.ts', imports: path.join('features', 'llm', 'settings.ts'), rule: 'core-imports-feature' },
      { file: path.join('ops', 'metrics.ts'), imports: path.join('features', 'audits', 'index.ts'), rule: 'core-imports-feature' },
    ]);
  });

  it('holds the composition roots to the features\' index files', () => {
    const root = tree({ 'app.ts': "import { x } from './features/audits/runs';", 'features/audits/runs.ts': 'export const x = 1;' });
    expect(violations(importGraph(root))).toEqual([{ file: 'app.ts', imports: path.join('features', 'audits', 'runs.ts'), rule: 'feature-internals' }]);
  });

  it('finds two files that import each other, once, and ignores imports in comments and tests', () => {
    const root = tree({
      'features/reports/storage.ts': "import { s3 } from './s3-storage';\nexport const local = 1;",
      'features/reports/s3-storage.ts': "import { local } from './storage';\nexport const s3 = 2;",
      'lib/a.ts': "// import { b } from './b';\n/* import { b } from './b'; */\nexport const a = 1;",
      'lib/b.ts': "import { a } from './a';\nexport const b = a;",
      'lib/a.test.ts': "import { b } from './b';",
    });
    expect(violations(importGraph(root))).toEqual([{ file: path.join('features', 'reports', 's3-storage.ts'), imports: path.join('features', 'reports', 'storage.ts'), rule: 'mutual-import' }]);
  });

  it('tells a feature file from the core', () => {
    expect(featureOf(path.join('features', 'audits', 'runs.ts'))).toBe('audits');
    expect(featureOf(path.join('features', 'audits', 'crawl', 'site-crawl.ts'))).toBe('audits');
    expect(featureOf(path.join('ops', 'metrics.ts'))).toBeNull();
    expect(featureOf('app.ts')).toBeNull();
  });
});
