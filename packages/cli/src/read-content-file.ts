import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import type { ContentFormat } from '@citable/contract';
import { decodeBody } from '@citable/crawler';
import { detectFormat } from '@citable/engine';
import { CliError } from './cli-error';

/** Pasted content in the app is capped; a file far larger is not a page. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const FORMAT_BY_EXTENSION: Record<string, ContentFormat> = {
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
  '.text': 'text',
};

export interface ContentFile {
  text: string;
  format: ContentFormat;
}

/**
 * Reads an HTML, Markdown or text file for auditing as pasted content. The format comes from
 * the extension, else from the content; HTML is decoded the way a browser would (BOM, then
 * <meta charset>), everything else as UTF-8.
 */
export function readContentFile(path: string): ContentFile {
  let bytes: Buffer;
  try {
    if (statSync(path).isDirectory()) throw new CliError(`${path} is a directory, not a file to audit`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${path}: no such file (give a file path or an http(s) URL)`);
    if (code === 'EACCES') throw new CliError(`${path}: permission denied`);
    throw new CliError(`${path} could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (bytes.byteLength > MAX_FILE_BYTES) throw new CliError(`${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, too large to be a page`);
  // NUL bytes do not occur in text encodings other than UTF-16, which always starts with a BOM.
  const hasBom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!hasBom && bytes.subarray(0, 8192).includes(0)) throw new CliError(`${path} is a binary file, not HTML, Markdown or text`);

  const byExtension = FORMAT_BY_EXTENSION[extname(path).toLowerCase()];
  // Only HTML declares its own charset; Markdown and text files are read as UTF-8.
  const contentType = byExtension === 'markdown' || byExtension === 'text' ? 'text/plain; charset=utf-8' : undefined;
  const { text } = decodeBody(bytes, contentType);
  if (text.trim() === '') throw new CliError(`${path} is empty`);
  return { text, format: byExtension ?? detectFormat(text) };
}
