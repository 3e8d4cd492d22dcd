import { describe, expect, it } from 'vitest';
import { createLifecycle } from './lifecycle';

describe('lifecycle', () => {
  it('drains once, runs its hooks, and waits for tracked work', async () => {
    const lifecycle = createLifecycle();
    const calls: string[] = [];
    lifecycle.onDrain(() => void calls.push('stop jobs'));
    let finish!: () => void;
    const work = lifecycle.track('order step', () => new Promise<void>((r) => (finish = r)));
    expect(lifecycle.running()).toEqual(['order step']);

    await lifecycle.drain();
    await lifecycle.drain();
    expect(lifecycle.draining).toBe(true);
    expect(calls).toEqual(['stop jobs']);

    expect(await lifecycle.idle(50)).toBe(false);
    setTimeout(finish, 20);
    expect(await lifecycle.idle(1_000)).toBe(true);
    await work;
    expect(lifecycle.running()).toEqual([]);
  });

  it('passes results and failures through and forgets finished work', async () => {
    const lifecycle = createLifecycle();
    expect(await lifecycle.track('a', async () => 42)).toBe(42);
    await expect(lifecycle.track('b', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await lifecycle.idle(10)).toBe(true);
  });
});
