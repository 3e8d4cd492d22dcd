import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems (first, last, current ±1, ellipses)', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
  });
  it('puts a gap wherever pages are left out', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 'gap', 3, 4, 5, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
  it('clamps a page past the end and answers nothing without pages', () => {
    expect(pageItems(50, 4)).toEqual([1, 'gap', 3, 4]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});
