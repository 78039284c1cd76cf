import { CliError } from '../cli-error';
import type { Io } from '../io';

/** As for a file: pasted content in the app is capped, and a far larger input is not a page. */
const MAX_STDIN_BYTES = 20 * 1024 * 1024;

/** The page piped into `citable audit -`, read to its end as UTF-8. */
export async function readStdin(stdin: Io['stdin']): Promise<string> {
  if (!stdin) throw new CliError('standard input is not available');
  if (stdin.isTTY) throw new CliError('citable audit - reads the page from standard input: pipe one in (cat page.html | citable audit -)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.byteLength;
    if (size > MAX_STDIN_BYTES) throw new CliError(`standard input is larger than ${MAX_STDIN_BYTES / 1024 / 1024} MB, too large to be a page`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
}
