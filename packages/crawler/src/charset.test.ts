import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, charsetFromDocument, decodeBody, resolveCharset } from './charset';

describe('charset', () => {
  it('maps labels the way browsers do', () => {
    expect(resolveCharset('ISO-8859-1')).toBe('windows-1252');
    expect(resolveCharset('us-ascii')).toBe('windows-1252');
    expect(resolveCharset('"UTF-8"')).toBe('utf-8');
    expect(resolveCharset('utf-16le')).toBe('utf-8');
    expect(resolveCharset('koi8-r')).toBe('koi8-r');
    expect(resolveCharset('no-such-charset')).toBeNull();
    expect(resolveCharset('')).toBeNull();
  });

  it('reads the charset parameter of Content-Type', () => {
    expect(charsetFromContentType('text/html; charset=ISO-8859-1')).toBe('ISO-8859-1');
    expect(charsetFromContentType('text/html;charset="utf-8"; foo=bar')).toBe('utf-8');
    expect(charsetFromContentType('text/html')).toBeNull();
  });

  it('finds <meta charset>, <meta http-equiv> and the XML declaration, not in comments', () => {
    expect(charsetFromDocument(Buffer.from('<head><meta charset=windows-1252>'))).toBe('windows-1252');
    expect(charsetFromDocument(Buffer.from('<meta http-equiv="content-type" content="text/html; charset=koi8-r">'))).toBe('koi8-r');
    expect(charsetFromDocument(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><urlset>'))).toBe('ISO-8859-1');
    expect(charsetFromDocument(Buffer.from('<!-- <meta charset="koi8-r"> --><p>'))).toBeNull();
  });

  it('prefers BOM over header over meta, and falls back to UTF-8', () => {
    const latin = iconv.encode('<meta charset="utf-8">é', 'windows-1252');
    expect(decodeBody(latin, 'text/html; charset=iso-8859-1')).toMatchObject({ text: '<meta charset="utf-8">é', source: 'header' });
    expect(decodeBody(Buffer.from('\uFEFFé'), 'text/html; charset=iso-8859-1')).toMatchObject({ text: 'é', source: 'bom' });
    expect(decodeBody(Buffer.from('é'), 'text/html; charset=bogus')).toMatchObject({ text: 'é', charset: 'utf-8', source: 'default' });
    expect(decodeBody(iconv.encode('\uFEFFhi', 'utf-16le'))).toMatchObject({ text: 'hi', source: 'bom' });
  });
});
