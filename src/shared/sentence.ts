/**
 * Sentences built from a name or a place: "Maple Goods Inc." already ends with a period, so a
 * template that adds one would print "Inc..". `sentence` ends the text with a period unless it
 * already ends with a sentence's final mark (an abbreviation's period, "!", "?", "…", or the
 * Chinese "。！？"), closing quotes and brackets looked through.
 */
const FINAL_MARK = /[.!?…。！？](?:["'”’)\]）」』]*)$/u;

/** The text ending with exactly one final mark: `sentence('Maple Goods Inc.')` → 'Maple Goods Inc.' */
export function sentence(text: string): string {
  const t = text.replace(/\s+$/u, '');
  if (t === '') return t;
  return FINAL_MARK.test(t) ? t : `${t}.`;
}

/**
 * A text whose template put a period after a name that already ends with one ('… for Maple Goods
 * Inc..'): the doubled period made single. An ellipsis ('...') is left as it is.
 */
export function collapseDoubledPeriod(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/gu, '.');
}
