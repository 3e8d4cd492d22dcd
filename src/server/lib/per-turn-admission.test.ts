import { describe, expect, it } from 'vitest';
import { PerTurnAdmission } from './per-turn-admission';

/** One turn of the event loop later (the admission hands its waiters on in setImmediate). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PerTurnAdmission', () => {
  it("begins an account's first requests at once and the rest a turn at a time, in the order they came", async () => {
    const admission = new PerTurnAdmission(2);
    const begun: number[] = [];
    for (let i = 0; i < 5; i++) admission.admit('a', () => begun.push(i));
    expect(begun).toEqual([0, 1]);
    expect(admission.queued).toBe(3);
    await nextTurn();
    expect(begun).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(begun).toEqual([0, 1, 2, 3, 4]);
    expect(admission.queued).toBe(0);
  });

  it("begins another account's request at once while one account's wait", () => {
    const admission = new PerTurnAdmission(1);
    const begun: string[] = [];
    for (let i = 0; i < 40; i++) admission.admit('flood', () => begun.push(`flood ${i}`));
    admission.admit('shop', () => begun.push('shop'));
    expect(begun).toEqual(['flood 0', 'shop']);
  });

  it('begins the next few of every account that waits, each turn', async () => {
    const admission = new PerTurnAdmission(1);
    const begun: string[] = [];
    for (let i = 0; i < 3; i++) admission.admit('a', () => begun.push(`a${i}`));
    for (let i = 0; i < 3; i++) admission.admit('b', () => begun.push(`b${i}`));
    expect(begun).toEqual(['a0', 'b0']);
    await nextTurn();
    expect(begun).toEqual(['a0', 'b0', 'a1', 'b1']);
    await nextTurn();
    expect(begun).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
  });

  it('lets no newcomer of an account pass the requests it already has waiting', async () => {
    const admission = new PerTurnAdmission(1);
    const begun: number[] = [];
    for (let i = 0; i < 3; i++) admission.admit('a', () => begun.push(i));
    await nextTurn(); // 1 begins; 2 still waits
    admission.admit('a', () => begun.push(3));
    expect(begun).toEqual([0, 1]);
    await nextTurn();
    await nextTurn();
    expect(begun).toEqual([0, 1, 2, 3]);
  });

  it('begins everything at once again after a quiet turn', async () => {
    const admission = new PerTurnAdmission(1);
    const begun: number[] = [];
    admission.admit('a', () => begun.push(0));
    await nextTurn();
    await nextTurn();
    admission.admit('a', () => begun.push(1));
    expect(begun).toEqual([0, 1]);
  });
});
