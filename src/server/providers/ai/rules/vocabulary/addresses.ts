/**
 * Address words: unit designators, French street types after a civic number, possessives before a unit.
 * Tables of alternatives, compiled by ./compile.ts; order kept (see there).
 */

/** Used in parse-address.ts. */
export const FRENCH_STREET_TYPES_AFTER_COMMA = [
  'rue',
  'boul\\.?',
  'boulevard',
  'av\\.?',
  'avenue',
  'ch\\.?',
  'chemin',
  'place',
  'route',
  'rang',
  'montée',
  'côte',
  'allée',
  'impasse',
  'promenade',
  'croissant',
  'terrasse',
] as const;

/** Used in parse-address.ts. */
export const UNIT_WORDS = [
  'apt\\.?',
  'apartment',
  'suite',
  'ste\\.?',
  'unit',
  'app\\.?',
  'appt\\.?',
  'appartement',
  'bureau',
  'room',
  'rm\\.?',
  'local',
] as const;

/** Used in parse-address.ts. */
export const FRENCH_STREET_TYPES_AFTER_UNIT = [
  'rue',
  'boul',
  'boulevard',
  'av',
  'avenue',
  'ch',
  'chemin',
  'route',
  'rang',
  'place',
  'montée',
  'côte',
] as const;

/** Used in parse-address.ts. */
export const UNIT_DESIGNATORS = [
  'apt\\.?',
  'apartment',
  'suite',
  'ste\\.?',
  'unit',
  'app\\.?',
  'appt\\.?',
  'appartement',
  'bureau',
  'room',
  'rm\\.?',
  'local',
  'pmb',
  'bay(?=\\s*\\d)',
  'fl\\.?(?=\\s*\\d{1,3}(?![\\d-]))',
  'floor',
  '#',
] as const;

/** Used in paste-lines.ts. */
export const POSSESSIVES = [
  'my',
  'her',
  'his',
  'their',
  'the',
  "it's",
  'its',
  'mon',
  'son',
  'sa',
  "c'est",
  "l'",
] as const;
