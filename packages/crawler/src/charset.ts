import iconv from 'iconv-lite';

/**
 * Turns response bytes into UTF-8 text the way a browser would pick the encoding: a byte order
 * mark first, then the Content-Type charset, then a <meta> or XML declaration near the top, else
 * UTF-8. Labels follow the WHATWG Encoding standard, where "iso-8859-1" and "us-ascii" mean
 * windows-1252; an unknown label falls back to UTF-8 rather than failing the audit.
 */

export interface DecodedText {
  text: string;
  /** The encoding that was used. */
  charset: string;
  /** Where it came from. */
  source: 'bom' | 'header' | 'meta' | 'default';
}

// Browsers look for <meta charset> in the first 1024 bytes; pages in the wild put it a bit later.
const PRESCAN_BYTES = 4096;

const WHATWG_ALIASES: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  l1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'ansi_x3.4-1968': 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
  'unicode-1-1-utf-8': 'utf-8',
  utf8: 'utf-8',
  'x-sjis': 'shift_jis',
  gb2312: 'gbk',
  'x-gbk': 'gbk',
  'ks_c_5601-1987': 'euc-kr',
};

/** A supported encoding for a charset label, or null when the label is unknown. */
export function resolveCharset(label: string | null | undefined): string | null {
  if (!label) return null;
  const cleaned = label.trim().replace(/^["']|["']$/g, '').toLowerCase();
  if (cleaned === '') return null;
  const name = WHATWG_ALIASES[cleaned] ?? cleaned;
  // A page cannot declare itself UTF-16 in ASCII-compatible bytes; browsers read that as UTF-8.
  if (name.startsWith('utf-16')) return 'utf-8';
  return iconv.encodingExists(name) ? name : null;
}

/** The charset parameter of a Content-Type header. */
export function charsetFromContentType(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType);
  return match ? match[2] : null;
}

function charsetFromBom(bytes: Uint8Array): { charset: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', length: 2 };
  return null;
}

/** The charset declared in the document itself: <meta charset>, <meta http-equiv> or <?xml encoding?>. */
export function charsetFromDocument(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PRESCAN_BYTES)).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1];
  const withoutComments = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  for (const tag of withoutComments.matchAll(/<meta\b[^>]*>/gi)) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag[0]);
    if (direct) return direct[1];
  }
  return null;
}

/** Decodes a body to text. `contentType` is the response's Content-Type header. */
export function decodeBody(bytes: Uint8Array, contentType?: string): DecodedText {
  const bom = charsetFromBom(bytes);
  if (bom) return { text: iconv.decode(toBuffer(bytes).subarray(bom.length), bom.charset), charset: bom.charset, source: 'bom' };
  const fromHeader = resolveCharset(charsetFromContentType(contentType));
  if (fromHeader) return { text: decodeWith(bytes, fromHeader), charset: fromHeader, source: 'header' };
  const fromMeta = resolveCharset(charsetFromDocument(bytes));
  if (fromMeta) return { text: decodeWith(bytes, fromMeta), charset: fromMeta, source: 'meta' };
  return { text: decodeWith(bytes, 'utf-8'), charset: 'utf-8', source: 'default' };
}

function decodeWith(bytes: Uint8Array, charset: string): string {
  // Node's own UTF-8 decoder is several times faster than iconv-lite's for the common case.
  if (charset === 'utf-8') return toBuffer(bytes).toString('utf8');
  return iconv.decode(toBuffer(bytes), charset);
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
