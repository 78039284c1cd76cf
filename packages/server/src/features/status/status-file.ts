import { readFileSync } from 'node:fs';
import { parse, YAMLParseError } from 'yaml';
import { statusFileSchema, type StatusFile } from '@citable/contract';
import { ConfigError } from '../../config';

/**
 * The status file is missing, unreadable, not YAML/JSON, or not in the expected shape. A
 * configuration error, so server.ts reports it as a plain "cannot start" message.
 */
export class StatusFileError extends ConfigError {}

function describeIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
      return `${where || '(top level)'}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Reads and validates the operator's incidents and maintenance. YAML is a superset of JSON, so
 * status.json works as well. Every failure names the file, so a broken edit is found at once.
 */
export function loadStatusFile(file: string): StatusFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist (create it with "incidents: []" and "maintenance: []")' : (error as Error).message;
    throw new StatusFileError(`Status file ${file}: ${reason}`);
  }
  let data: unknown;
  try {
    data = parse(text) ?? {};
  } catch (error) {
    const reason = error instanceof YAMLParseError ? error.message.split('\n')[0] : (error as Error).message;
    throw new StatusFileError(`Status file ${file} is not valid YAML: ${reason}`);
  }
  const result = statusFileSchema.safeParse(data);
  if (!result.success) throw new StatusFileError(`Status file ${file} is invalid: ${describeIssues(result.error)}`);
  return result.data;
}
