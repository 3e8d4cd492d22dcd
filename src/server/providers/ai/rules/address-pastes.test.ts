import { describe, expect, it } from 'vitest';
import corpus from '../../../../../tests/fixtures/address-corpus.json';
import labelHoldout from '../../../../../tests/fixtures/address-holdout.json';
import holdout from '../../../../../tests/fixtures/address-pastes-holdout.json';
import tuning from '../../../../../tests/fixtures/address-pastes-tuning.json';
import tuning2 from '../../../../../tests/fixtures/address-pastes-tuning-2.json';
import tuning3 from '../../../../../tests/fixtures/address-pastes-tuning-3.json';
import tuning4 from '../../../../../tests/fixtures/address-pastes-tuning-4.json';
import tuning5 from '../../../../../tests/fixtures/address-pastes-tuning-5.json';
import tuning6 from '../../../../../tests/fixtures/address-pastes-tuning-6.json';
import tuning7 from '../../../../../tests/fixtures/address-pastes-tuning-7.json';
import tuning8 from '../../../../../tests/fixtures/address-pastes-tuning-8.json';
import tuning9 from '../../../../../tests/fixtures/address-pastes-tuning-9.json';
import tuning10 from '../../../../../tests/fixtures/address-pastes-tuning-10.json';
import tuning11 from '../../../../../tests/fixtures/address-pastes-tuning-11.json';
import tuning12 from '../../../../../tests/fixtures/address-pastes-tuning-12.json';
import tuning13 from '../../../../../tests/fixtures/address-pastes-tuning-13.json';
import { scoreCorpus, type CorpusCase } from './corpus-score';
import { scorePastes, type PasteCase, type PasteScore } from './paste-score';
import { readAddress } from './roles';

/**
 * Floors under the reading's accuracy on the realistic pastes of issue 13, a few points below the
 * figures measured when they were last raised (fields / whole addresses; the first score of each
 * later set is the one before any tuning on it):
 *   tuning half          127 cases: 98.5 % / 92.1 %
 *   second tuning set    113 cases: 98.3 % / 94.7 %  (first 84.1 % / 47.8 %)
 *   third tuning set     120 cases: 98.2 % / 90.0 %  (first 89.1 % / 44.2 %)
 *   fourth tuning set    120 cases: 98.4 % / 90.8 %  (first 91.6 % / 51.7 %)
 *   fifth tuning set     100 cases: 97.6 % / 84.0 %  (first 90.2 % / 56.0 %)
 *   sixth tuning set     100 cases: 98.0 % / 87.0 %  (first 86.9 % / 47.0 %)
 *   seventh tuning set   100 cases: 96.7 % / 83.0 %  (first 89.7 % / 51.0 %)
 *   eighth tuning set    100 cases: 97.3 % / 86.0 %  (first 92.6 % / 66.0 %)
 *   ninth tuning set     100 cases: 99.1 % / 93.0 %  (first 88.8 % / 55.0 %)
 *   tenth tuning set     100 cases: 98.1 % / 85.0 %  (first 88.5 % / 48.0 %)
 *   eleventh tuning set  100 cases: 95.5 % / 83.0 %  (first 83.8 % / 47.0 %)
 *   twelfth tuning set   100 cases: 96.2 % / 81.0 %  (first 84.1 % / 54.0 %)
 *   thirteenth set       100 cases: 99.2 % / 93.0 %  (first 95.0 % / 83.0 %; written in the tuning half's style)
 *   held-out half        123 cases: 95.8 % / 80.5 %
 * The held-out half is only ever measured in aggregate: its misses are not printed here, and the
 * rules are not tuned on it. The label-like corpus, read through the whole paste reading, must not
 * lose a field it reads today (1,562 of 1,562; its own held-out set 217 of 220).
 */
const TUNING_SETS = [
  { name: 'tuning half', cases: tuning, fields: 0.96, whole: 0.88 },
  { name: 'second tuning set', cases: tuning2, fields: 0.96, whole: 0.9 },
  { name: 'third tuning set', cases: tuning3, fields: 0.96, whole: 0.86 },
  { name: 'fourth tuning set', cases: tuning4, fields: 0.96, whole: 0.87 },
  { name: 'fifth tuning set', cases: tuning5, fields: 0.95, whole: 0.8 },
  { name: 'sixth tuning set', cases: tuning6, fields: 0.96, whole: 0.83 },
  { name: 'seventh tuning set', cases: tuning7, fields: 0.94, whole: 0.79 },
  { name: 'eighth tuning set', cases: tuning8, fields: 0.95, whole: 0.82 },
  { name: 'ninth tuning set', cases: tuning9, fields: 0.97, whole: 0.89 },
  { name: 'tenth tuning set', cases: tuning10, fields: 0.96, whole: 0.81 },
  { name: 'eleventh tuning set', cases: tuning11, fields: 0.93, whole: 0.79 },
  { name: 'twelfth tuning set', cases: tuning12, fields: 0.94, whole: 0.77 },
  { name: 'thirteenth tuning set', cases: tuning13, fields: 0.97, whole: 0.89 },
];
const HOLDOUT_FLOOR = { fields: 0.95, whole: 0.79 };
const LABEL_CORPUS_TODAY = { correct: 1562, extra: 0 };
const LABEL_HOLDOUT_TODAY = { correct: 217, extra: 1 };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const figures = (s: PasteScore) =>
  `${s.cases} cases: ${pct(s.fieldAccuracy)} of fields (${s.correctFields}/${s.expectedFields}), ${pct(s.wholeAccuracy)} whole (${s.wholeCases}/${s.cases}), ${s.extraFields} extra`;
const read = (text: string) => readAddress(text, 'address').address;

describe('realistic pastes (issue 13)', () => {
  const holdoutScore = scorePastes(holdout as PasteCase[]);
  const scored = TUNING_SETS.map((set) => ({ ...set, score: scorePastes(set.cases as PasteCase[]) }));
  for (const set of scored) console.info(`pastes, ${set.name} — ${figures(set.score)}`);
  console.info(`pastes, held-out half — ${figures(holdoutScore)}`);

  it('has at least 200 cases, split into two halves of at least 100', () => {
    expect(scored[0].score.cases).toBeGreaterThanOrEqual(100);
    expect(holdoutScore.cases).toBeGreaterThanOrEqual(100);
  });

  it.each(scored)('$name stays at or above its floor', ({ name, score, fields, whole }) => {
    const misses = JSON.stringify(score.misses.slice(0, 30), null, 1);
    expect(score.fieldAccuracy, `${name}: ${figures(score)}\n${misses}`).toBeGreaterThanOrEqual(fields);
    expect(score.wholeAccuracy, `${name}: ${figures(score)}\n${misses}`).toBeGreaterThanOrEqual(whole);
  });

  it(`held-out half (${figures(holdoutScore)}) stays at or above ${pct(HOLDOUT_FLOOR.fields)} of fields and ${pct(HOLDOUT_FLOOR.whole)} whole`, () => {
    // Aggregates only: the held-out half's individual misses are never shown.
    expect(holdoutScore.fieldAccuracy, 'held-out field accuracy').toBeGreaterThanOrEqual(HOLDOUT_FLOOR.fields);
    expect(holdoutScore.wholeAccuracy, 'held-out whole-address accuracy').toBeGreaterThanOrEqual(HOLDOUT_FLOOR.whole);
  });
});

describe('label-like addresses through the whole paste reading (no regression)', () => {
  const corpusScore = scoreCorpus(corpus as CorpusCase[], read);
  const holdoutScore = scoreCorpus(labelHoldout as CorpusCase[], read);
  const label = (s: ReturnType<typeof scoreCorpus>) =>
    `${s.cases} cases: ${pct(s.fieldAccuracy)} of fields (${s.correctFields}/${s.expectedFields}), ${s.extraFields} extra`;
  console.info(`label-like corpus — ${label(corpusScore)}`);
  console.info(`label-like held-out set — ${label(holdoutScore)}`);

  it(`the corpus (${label(corpusScore)}) reads every field it read before, and nothing extra`, () => {
    const failures = JSON.stringify(corpusScore.failures.slice(0, 30), null, 1);
    expect(corpusScore.correctFields, failures).toBeGreaterThanOrEqual(LABEL_CORPUS_TODAY.correct);
    expect(corpusScore.extraFields, failures).toBeLessThanOrEqual(LABEL_CORPUS_TODAY.extra);
  });

  it(`its held-out set (${label(holdoutScore)}) keeps today's figure`, () => {
    expect(holdoutScore.correctFields).toBeGreaterThanOrEqual(LABEL_HOLDOUT_TODAY.correct);
    expect(holdoutScore.extraFields).toBeLessThanOrEqual(LABEL_HOLDOUT_TODAY.extra);
  });
});
