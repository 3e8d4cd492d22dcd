import { describe, expect, it } from 'vitest';
import { chooseToastPlace, type Box } from './toast-place';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

const desktop = {
  viewport: { width: 1366, height: 900 },
  region: { width: 384, height: 90 },
  headerBottom: 64,
  contentLeft: 256,
};
const phone = {
  viewport: { width: 390, height: 844 },
  region: { width: 390, height: 120 },
  headerBottom: 64,
  contentLeft: 0,
};

describe('where a toast goes', () => {
  it('stays at the bottom right when nothing is there', () => {
    const place = chooseToastPlace({ ...desktop, controls: [box(300, 200, 300, 40)], focused: null });
    expect(place).toMatchObject({ vertical: 'bottom', horizontal: 'right' });
    expect(place.box).toEqual({ left: 982, top: 810, right: 1366, bottom: 900 });
  });

  it('does not cover the Save button just pressed at the bottom right (settings, desktop)', () => {
    const save = box(1150, 808, 153, 40);
    const place = chooseToastPlace({
      ...desktop,
      controls: [save, box(1259, 70, 44, 24), box(335, 480, 319, 40)],
      focused: save,
    });
    expect(place.vertical === 'bottom' && place.horizontal === 'right').toBe(false);
    expect(place.box.right <= save.left || place.box.bottom <= save.top).toBe(true);
  });

  it('on a phone, goes under the header when fields fill the bottom of the screen (a tie with over the header)', () => {
    const fields = [box(58, 656, 274, 40), box(58, 740, 274, 40), box(58, 800, 274, 40)];
    const place = chooseToastPlace({ ...phone, controls: [box(41, 100, 308, 40), ...fields], focused: fields[0]! });
    expect(place).toMatchObject({ vertical: 'top', horizontal: 'right' });
    expect(place.box.top).toBe(64);
    expect(place.box.left).toBe(0);
  });

  it('on a phone full of controls, goes over the header rather than over a field', () => {
    const save = box(203, 763, 154, 40);
    const place = chooseToastPlace({
      ...phone,
      region: { width: 390, height: 60 },
      controls: [box(20, 90, 350, 40), box(20, 300, 350, 40), save],
      focused: save,
    });
    expect(place).toMatchObject({ vertical: 'over-header', horizontal: 'right' });
    expect(place.box).toEqual({ left: 0, top: 0, right: 390, bottom: 60 });
  });

  it('the region padding around the toasts covers nothing', () => {
    // A field ending 10 px into the bottom region's 16 px padding is not under the toast.
    const place = chooseToastPlace({ ...desktop, controls: [box(1000, 760, 300, 60)], focused: null, inset: 16 });
    expect(place).toMatchObject({ vertical: 'bottom', horizontal: 'right' });
  });

  it('covering the focused control costs more than covering others', () => {
    const focused = box(20, 780, 300, 40);
    const place = chooseToastPlace({
      ...phone,
      controls: [focused, box(20, 70, 300, 40), box(20, 130, 300, 40)],
      focused,
    });
    expect(place.vertical).not.toBe('bottom');
  });
});
