import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's tests/fixtures, where the paste sets and the label-like corpora live. */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../tests/fixtures');

/** The snapshot the parity test compares against (written by write-snapshot.ts). */
export const SNAPSHOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../__fixtures__/parity-snapshot.json',
);

/**
 * Every set of texts the rules are measured on: the label-like corpus and its held-out set, the
 * thirteen tuning sets of realistic pastes and their held-out half.
 */
export const FIXTURE_SETS = [
  'address-corpus.json',
  'address-holdout.json',
  'address-pastes-tuning.json',
  'address-pastes-tuning-2.json',
  'address-pastes-tuning-3.json',
  'address-pastes-tuning-4.json',
  'address-pastes-tuning-5.json',
  'address-pastes-tuning-6.json',
  'address-pastes-tuning-7.json',
  'address-pastes-tuning-8.json',
  'address-pastes-tuning-9.json',
  'address-pastes-tuning-10.json',
  'address-pastes-tuning-11.json',
  'address-pastes-tuning-12.json',
  'address-pastes-tuning-13.json',
  'address-pastes-holdout.json',
] as const;

/**
 * The prefixes the web puts before a text (none for the address form's plain box): each text is read
 * as it stands and, for the pastes, under the sender and receiver prefixes too, so the reading of
 * every role is pinned.
 */
export const ROLE_PREFIXES = ['', 'Sender information: ', 'Receiver information: '] as const;

/** The texts of one fixture set, in file order. */
export function fixtureTexts(file: string): string[] {
  const cases = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as { input: string }[];
  return cases.map((c) => c.input);
}

/** A set's name in the snapshot and whether its texts are also read under the role prefixes. */
export const prefixesFor = (file: string): readonly string[] =>
  file.startsWith('address-pastes-') ? ROLE_PREFIXES : [''];

export type Snapshot = {
  /** Per fixture file and prefix: the JSON of parseShipmentDescription's answer, one per text in order. */
  fixtures: Record<string, string[]>;
  /** Seeded generated texts (kept here, so the test needs no generator) and the answer to each. */
  generated: { input: string; output: string }[];
};

export const setKey = (file: string, prefix: string) => (prefix ? `${file} | ${prefix.trim()}` : file);
