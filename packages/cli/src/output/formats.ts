import { CliError } from '../cli-error';

export const FORMATS = ['text', 'json', 'markdown', 'html', 'sarif', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

const ALIASES: Record<string, Format> = { md: 'markdown', xml: 'junit' };

/** The format an extension names; the longest match first, so "report.sarif.json" is SARIF. */
const BY_EXTENSION: [string, Format][] = [
  ['.sarif.json', 'sarif'],
  ['.sarif', 'sarif'],
  ['.json', 'json'],
  ['.md', 'markdown'],
  ['.markdown', 'markdown'],
  ['.html', 'html'],
  ['.htm', 'html'],
  ['.xml', 'junit'],
  ['.txt', 'text'],
];

export function parseFormat(value: string): Format {
  const format = (FORMATS as readonly string[]).includes(value) ? (value as Format) : ALIASES[value];
  if (!format) throw new CliError(`--format ${value}: the formats are ${FORMATS.join(', ')}`);
  return format;
}

/** What an output file holds: --format when given, else what its extension names. */
export function formatOfFile(file: string, explicit: Format | undefined): Format {
  if (explicit) return explicit;
  const match = BY_EXTENSION.find(([extension]) => file.toLowerCase().endsWith(extension));
  if (!match) throw new CliError(`--out ${file}: the extension names no format (${BY_EXTENSION.map(([extension]) => extension).join(', ')}); add --format`);
  return match[1];
}
