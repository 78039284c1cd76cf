import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { CITABLE_CONFIG_FILE, citableConfigSchema, type CitableConfig } from '@citable/contract';
import { CliError } from './cli-error';

/** The config a run uses: the file's fields (none without a file) and where it was read. */
export interface LoadedConfig {
  /** The file as named in messages, or null when there is none. */
  file: string | null;
  config: CitableConfig;
  /** Resolves a path written in the file (a page, the baseline) against the file's folder. */
  resolvePath(path: string): string;
}

/**
 * Reads `--config FILE`, else `citable.config.json` in the working folder when there is one.
 * A file that is not JSON or breaks the schema is refused with every bad field and its path.
 */
export function loadConfig(explicit: string | undefined, cwd: string = process.cwd()): LoadedConfig {
  const file = explicit ?? (existsSync(join(cwd, CITABLE_CONFIG_FILE)) ? CITABLE_CONFIG_FILE : null);
  if (file === null) return { file: null, config: {}, resolvePath: (path) => path };
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `--config ${file}: no such file` : `${file} could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = citableConfigSchema.safeParse(json);
  if (!parsed.success) throw new CliError(`${file} is not a valid citable config: ${parsed.error.issues.map(describeIssue).join('; ')}`);
  const folder = dirname(resolve(cwd, file));
  return { file, config: parsed.data, resolvePath: (path) => (isAbsolute(path) ? path : join(folder, path)) };
}

type ConfigIssue = NonNullable<ReturnType<typeof citableConfigSchema.safeParse>['error']>['issues'][number];

/** `assert."ai-understanding": expected a score from 0 to 100`, `urls[1]: ...`, `unknown field "treshold"`. */
function describeIssue(issue: ConfigIssue): string {
  const path = issue.path.map((part, index) => (typeof part === 'number' ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(String(part)) ? `${index === 0 ? '' : '.'}${String(part)}` : `${index === 0 ? '' : '.'}${JSON.stringify(String(part))}`)).join('');
  const where = path === '' ? '' : `${path}: `;
  if (issue.code === 'unrecognized_keys') return `${where}unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
  return `${where}${issue.message}`;
}
