/**
 * pdfkit's built-in fonts (Helvetica and friends) encode WinAnsi only; anything else would come
 * out as the wrong glyph. Text is folded to the closest WinAnsi characters before it is drawn.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = { '−': '-', '≥': '>=', '≤': '<=', '→': '->', '←': '<-', '≈': '~', '✓': 'v', '✗': 'x', '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ' };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) || char === '\n';
}

export function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    if (isWinAnsi(char)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      // Accented letters outside Latin-1 keep their base letter; the rest become a question mark.
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base !== '' && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}
