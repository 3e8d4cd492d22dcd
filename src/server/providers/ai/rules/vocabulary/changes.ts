/**
 * Change words: corrections in a chat, afterthoughts that add a unit, rows of a sheet set aside or named by their place.
 * Tables of alternatives, compiled by ./compile.ts; order kept (see there).
 */

/** Used in paste-csv.ts. */
export const SET_ASIDE_WORDS = [
  'cancel+(?:ed|s)?',
  'ignore',
  'skip',
  'remove[ds]?',
  'not',
  "don['’]?t",
  'except',
  'annul[ée]e?s?',
  'sauf',
  'pas',
  'ignorer?',
  'picked (?:it|hers|his|theirs|them)? ?up',
  'already',
  'déjà',
  'next week',
  'later',
  'plus tard',
  'semaine prochaine',
] as const;

/** Used in paste-csv.ts. */
export const ROW_WORDS = [
  'one',
  'row',
  'line',
  'ligne',
  'rangée',
  'person',
  'personne',
  'entry',
  'order',
  'commande',
  'address',
  'adresse',
  'name',
  'nom',
] as const;

/** Used in paste-csv.ts. */
export const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'last',
  'premier',
  'première',
  'deuxième',
  'troisième',
  'quatrième',
  'dernière',
  'dernier',
] as const;

/** Used in paste-lines.ts. */
export const CORRECTION_WORDS = [
  'sorry',
  'oops',
  'oups',
  'correction',
  'actually',
  'i mean',
  'my bad',
  'my mistake',
  'typo',
  'wait',
  'pardon',
  'scuse',
  'excuse',
  'excusez',
  'attends',
  'attendez',
  'ah non',
  'oh non',
  'désolé',
  'désolée',
  'en fait',
  'je veux dire',
] as const;

/** Used in paste-lines.ts. */
export const AFTERTHOUGHT_WORDS = [
  'oh',
  'ah',
  'also',
  'and',
  'btw',
  'plus',
  'forgot',
  'yeah',
  'yes',
  'et',
  'aussi',
  'oublié',
  "j'ai oublié",
  'pis',
  'pi',
  'puis',
  'mets',
  'met',
  'put',
  'add',
  'ajoute',
] as const;
