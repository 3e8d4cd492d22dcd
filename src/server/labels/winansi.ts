/**
 * Text for the PDF standard fonts (Helvetica, Helvetica-Bold) in WinAnsiEncoding: every string is
 * reduced to that 8-bit set before it is measured or drawn, so no input can make rendering throw.
 * Accented letters WinAnsi lacks lose their accent (ő → o, ł → l); anything else (Chinese, emoji)
 * becomes "?". Widths are the Adobe AFM metrics (1/1000 em) of codes 32–255.
 */

export type FontName = 'Helvetica' | 'Helvetica-Bold';

// prettier-ignore
const HELVETICA = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584,0,556,0,222,556,333,1000,556,556,333,1000,667,333,1000,0,611,0,0,222,222,333,333,350,556,1000,333,1000,500,333,944,0,500,500,278,333,556,556,556,556,260,556,333,737,370,556,584,333,737,333,400,584,333,333,333,556,537,278,333,333,365,556,834,834,834,611,667,667,667,667,667,667,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,500,556,556,556,556,278,278,278,278,556,556,556,556,556,556,556,584,611,556,556,556,556,500,556,500];
// prettier-ignore
const HELVETICA_BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584,0,556,0,278,556,500,1000,556,556,333,1000,667,333,1000,0,611,0,0,278,278,500,500,350,556,1000,333,1000,556,333,944,0,500,556,278,333,556,556,556,556,280,556,333,737,370,556,584,333,737,333,400,584,333,333,333,611,556,278,333,333,365,556,834,834,834,611,722,722,722,722,722,722,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,556,556,556,556,556,278,278,278,278,611,611,611,611,611,611,611,584,611,611,611,611,611,556,611,556];

const WIDTHS: Record<FontName, number[]> = { Helvetica: HELVETICA, 'Helvetica-Bold': HELVETICA_BOLD };

/** Unicode code points WinAnsi places in 0x80–0x9F (the rest of 0x20–0xFF is Latin-1 as is). */
// prettier-ignore
const HIGH: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
  0x02c6: 0x88, 0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91,
  0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98,
  0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b, 0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** Letters and marks with no decomposition to a WinAnsi letter, and CJK punctuation NFKC leaves alone. */
// prettier-ignore
const FALLBACK: Record<string, string> = {
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ŀ: 'l', Ŀ: 'L', ŋ: 'n', Ŋ: 'N', ŧ: 't', Ŧ: 'T',
  ĸ: 'k', ſ: 's', ǝ: 'e', ə: 'e', Ə: 'E', '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2212': '-',
  '\u2032': "'", '\u2033': '"', '\u3001': ',', '\u3002': '.', '\u300c': '"', '\u300d': '"',
  '\u300e': '"', '\u300f': '"', '\u3010': '[', '\u3011': ']', '\u30fb': '\u00b7',
};

function winAnsiCode(cp: number): number | null {
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa1 && cp <= 0xff)) return cp;
  if (cp === 0xa0) return 0x20;
  return HIGH[cp] ?? null;
}

/**
 * The text as a string of WinAnsi byte values (each char code 32–255), on one line: controls and
 * line breaks become spaces, runs of spaces collapse, the ends are trimmed.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC')) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || ch === '\u2028' || ch === '\u2029') {
      out += ' ';
      continue;
    }
    const code = winAnsiCode(cp);
    if (code !== null) {
      out += String.fromCharCode(code);
      continue;
    }
    out += transliterate(ch);
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

function transliterate(ch: string): string {
  const fallback = FALLBACK[ch];
  if (fallback !== undefined) return String.fromCharCode(winAnsiCode(fallback.codePointAt(0)!)!);
  const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (bare.length === 0) return ''; // a lone combining mark
  let out = '';
  for (const c of bare) {
    const code = winAnsiCode(c.codePointAt(0)!);
    if (code === null) return '?';
    out += String.fromCharCode(code);
  }
  return out;
}

/** Width in points of an already-converted (toWinAnsi) string. */
export function textWidth(text: string, font: FontName, size: number): number {
  const widths = WIDTHS[font];
  let units = 0;
  for (let i = 0; i < text.length; i++) units += widths[text.charCodeAt(i) - 32] ?? 0;
  return (units * size) / 1000;
}
