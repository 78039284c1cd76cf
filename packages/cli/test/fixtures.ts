import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import type { AuditResult } from '@citable/contract';
import { runCitable } from './run-citable';

/** A real article (Ars Technica) from the engine's corpus: a mix of passing, failing and not applicable checks. */
export const ARS = fileURLToPath(new URL('../../engine/test/corpus/ars-1/source.html', import.meta.url));

/** A folder removed when the test ends. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'citable-ci-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes files into a new temporary folder and returns it. */
export function tempFiles(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The page's result as `citable audit --json` gives it. */
export async function auditJson(target: string, args: string[] = [], env: Record<string, string> = {}): Promise<AuditResult> {
  const run = await runCitable(['audit', target, '--json', ...args], env);
  if (run.code !== 0) throw new Error(`citable audit ${target} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as AuditResult;
}

/** An HTML page of a few sections; `title` is inserted as it is (entities and all). */
export function articleHtml(title: string, extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="How to brew sencha, the steamed Japanese green tea: water temperature, steeping time and how much leaf to use."></head>
<body><main><h1>How to brew sencha</h1>
<p>Sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup. In 2024, 42% of the tea grown in Japan was sencha.</p>
<h2>What water temperature is best?</h2><p>Water at 70 to 80 °C keeps sencha sweet; boiling water makes it bitter within seconds.</p>
<h2>How much leaf should I use?</h2><ul><li>5 g of leaf</li><li>200 ml of water</li><li>one minute</li></ul>${extra}</main></body></html>`;
}
