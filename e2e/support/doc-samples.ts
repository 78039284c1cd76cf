import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const docsDir = resolve(import.meta.dirname, '../../packages/web/content/docs');

export interface DocSample {
  file: string;
  language: 'bash' | 'js';
  code: string;
}

/** The fenced blocks marked runnable (```bash test, ```js test) in every docs article, in order. */
export function docSamples(): DocSample[] {
  return readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((file) =>
      [...readFileSync(resolve(docsDir, file), 'utf8').matchAll(/^```(bash|js) test\n([\s\S]*?)^```$/gm)].map(([, language, code]) => ({
        file,
        language: language as 'bash' | 'js',
        code: code!,
      })),
    );
}
