import { inflateSync } from 'node:zlib';

/**
 * Just enough of a PDF reader for tests on Node 20 (pdf.js needs Node 22): counts page objects
 * and pulls the text of pdfkit's content streams, which it writes as hex strings in TJ arrays
 * inside Flate-compressed streams.
 */
export function readPdf(file: Buffer): { pages: number; text: string } {
  const raw = file.toString('latin1');
  const pages = (raw.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  const texts: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const length = Number(/\/Length (\d+)/.exec(match[1]!)?.[1]);
    if (!Number.isFinite(length)) continue;
    const start = match.index + match[0].length;
    let content = file.subarray(start, start + length);
    if (/\/Filter \/FlateDecode/.test(match[1]!)) {
      try {
        content = inflateSync(content);
      } catch {
        continue;
      }
    }
    const body = content.toString('latin1');
    for (const array of body.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      texts.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return { pages, text: texts.join('\n') };
}
