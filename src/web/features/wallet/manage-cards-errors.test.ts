import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { deleteErrorText, setDefaultErrorText } from './manage-cards-errors';

const answer = (status: number, body: object | null, text = body ? JSON.stringify(body) : '') =>
  new ApiError(status, text, body as never);

describe('set-default errors', () => {
  it('names no permission (403) and processing unavailable (501)', () => {
    expect(
      setDefaultErrorText(answer(403, { message: "You don't have permission to modify this payment method" })),
    ).toEqual({
      key: 'cards.errors.noPermission',
    });
    expect(setDefaultErrorText(answer(501, { message: 'Card payments are not available' }))).toEqual({
      key: 'cards.errors.processingUnavailable',
    });
  });

  it('is generic otherwise, a network failure included', () => {
    for (const error of [
      answer(400, { message: 'x' }),
      answer(404, null),
      answer(500, null),
      new TypeError('Failed to fetch'),
    ]) {
      expect(setDefaultErrorText(error)).toEqual({ key: 'cards.errors.setDefaultFailed' });
    }
  });
});

describe('delete errors', () => {
  it("gives the only card its own text (the server's message, or a 400 without one)", () => {
    expect(deleteErrorText(answer(400, { message: 'Cannot delete the only payment method' }))).toEqual({
      key: 'cards.errors.onlyCard',
    });
    expect(deleteErrorText(answer(400, null))).toEqual({ key: 'cards.errors.onlyCard' });
  });

  it("shows another 400's message from the server (in English only)", () => {
    expect(deleteErrorText(answer(400, { message: 'This card is being used by a payment in progress' }))).toEqual({
      key: 'cards.errors.deleteRefused',
      raw: 'This card is being used by a payment in progress',
    });
  });

  it('names no permission (403) and processing unavailable (501)', () => {
    expect(deleteErrorText(answer(403, { message: 'nope' }))).toEqual({ key: 'cards.errors.noPermission' });
    expect(deleteErrorText(answer(501, { message: 'not available' }))).toEqual({
      key: 'cards.errors.processingUnavailable',
    });
  });

  it('is generic otherwise', () => {
    for (const error of [answer(404, { message: 'Not found' }), answer(500, null), new Error('boom')]) {
      expect(deleteErrorText(error)).toEqual({ key: 'cards.errors.deleteFailed' });
    }
  });
});
