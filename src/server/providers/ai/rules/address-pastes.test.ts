import { describe, expect, it } from 'vitest';
import corpus from '../../../../../tests/fixtures/address-corpus.json';
import labelHoldout from '../../../../../tests/fixtures/address-holdout.json';
import holdout from '../../../../../tests/fixtures/address-pastes-holdout.json';
import tuning from '../../../../../tests/fixtures/address-pastes-tuning.json';
import tuning2 from '../../../../../tests/fixtures/address-pastes-tuning-2.json';
import { scoreCorpus, type CorpusCase } from './corpus-score';
import { scorePastes, type PasteCase, type PasteScore } from './paste-score';
import { readAddress } from './roles';

/**
 * Floors under the reading's accuracy on the realistic pastes of issue 13, a few points below the
 * figures measured when they were last raised:
 *   tuning half         127 cases: 96.8 % of fields, 78.7 % whole addresses
 *   second tuning set   113 cases: 90.4 % of fields, 66.4 % whole (84.1 % / 47.8 % before any tuning on it)
 *   held-out half       123 cases: 89.8 % of fields, 57.7 % whole addresses
 * The held-out half is only ever measured in aggregate: its misses are not printed here, and the
 * rules are not tuned on it. The label-like corpus, read through the whole paste reading, must not
 * lose a field it reads today (1,562 of 1,562; its own held-out set 217 of 220).
 */
const FLOORS = {
  tuning: { fields: 0.94, whole: 0.75 },
  tuning2: { fields: 0.87, whole: 0.6 },
  holdout: { fields: 0.87, whole: 0.52 },
};
const LABEL_CORPUS_TODAY = { correct: 1562, extra: 0 };
const LABEL_HOLDOUT_TODAY = { correct: 217, extra: 1 };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const figures = (s: PasteScore) =>
  `${s.cases} cases: ${pct(s.fieldAccuracy)} of fields (${s.correctFields}/${s.expectedFields}), ${pct(s.wholeAccuracy)} whole (${s.wholeCases}/${s.cases}), ${s.extraFields} extra`;
const read = (text: string) => readAddress(text, 'address').address;

describe('realistic pastes (issue 13)', () => {
  const tuningScore = scorePastes(tuning as PasteCase[]);
  const tuning2Score = scorePastes(tuning2 as PasteCase[]);
  const holdoutScore = scorePastes(holdout as PasteCase[]);
  console.info(`pastes, tuning half — ${figures(tuningScore)}`);
  console.info(`pastes, second tuning set — ${figures(tuning2Score)}`);
  console.info(`pastes, held-out half — ${figures(holdoutScore)}`);

  it('has at least 200 cases, split into two halves of at least 100', () => {
    expect(tuningScore.cases).toBeGreaterThanOrEqual(100);
    expect(holdoutScore.cases).toBeGreaterThanOrEqual(100);
  });

  it(`tuning half (${figures(tuningScore)}) stays at or above ${pct(FLOORS.tuning.fields)} of fields and ${pct(FLOORS.tuning.whole)} whole`, () => {
    const misses = JSON.stringify(tuningScore.misses.slice(0, 30), null, 1);
    expect(tuningScore.fieldAccuracy, misses).toBeGreaterThanOrEqual(FLOORS.tuning.fields);
    expect(tuningScore.wholeAccuracy, misses).toBeGreaterThanOrEqual(FLOORS.tuning.whole);
  });

  it(`second tuning set (${figures(tuning2Score)}) stays at or above ${pct(FLOORS.tuning2.fields)} of fields and ${pct(FLOORS.tuning2.whole)} whole`, () => {
    const misses = JSON.stringify(tuning2Score.misses.slice(0, 30), null, 1);
    expect(tuning2Score.fieldAccuracy, misses).toBeGreaterThanOrEqual(FLOORS.tuning2.fields);
    expect(tuning2Score.wholeAccuracy, misses).toBeGreaterThanOrEqual(FLOORS.tuning2.whole);
  });

  it(`held-out half (${figures(holdoutScore)}) stays at or above ${pct(FLOORS.holdout.fields)} of fields and ${pct(FLOORS.holdout.whole)} whole`, () => {
    // Aggregates only: the held-out half's individual misses are never shown.
    expect(holdoutScore.fieldAccuracy, 'held-out field accuracy').toBeGreaterThanOrEqual(FLOORS.holdout.fields);
    expect(holdoutScore.wholeAccuracy, 'held-out whole-address accuracy').toBeGreaterThanOrEqual(FLOORS.holdout.whole);
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
