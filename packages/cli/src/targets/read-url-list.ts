import { readFileSync } from 'node:fs';
import { CliError } from '../cli-error';

/**
 * The pages of a `--urls FILE`: one URL (or file path) a line; blank lines and lines starting
 * with # are skipped, and so is a comment after a space (" # home page"; a URL's own #fragment
 * has no space before it).
 */
export function readUrlList(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `--urls ${path}: no such file` : `--urls ${path} could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const urls = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '');
  if (urls.length === 0) throw new CliError(`--urls ${path} lists no URL (one a line; # starts a comment)`);
  return urls;
}
