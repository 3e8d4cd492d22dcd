import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Field } from './field';

const render = (props: { hint?: string; error?: string; optional?: string; check?: string }) =>
  renderToStaticMarkup(
    <Field label="Password" {...props}>
      <input id="pw" />
    </Field>,
  );

describe('Field', () => {
  it('shows the hint until there is an error, then only the error (no hint and error saying the same)', () => {
    const calm = render({ hint: 'At least 8 characters.' });
    expect(calm).toContain('At least 8 characters.');
    expect(calm).toContain('aria-describedby="pw-hint"');

    const wrong = render({ hint: 'At least 8 characters.', error: 'Password must be at least 8 characters long' });
    expect(wrong).not.toContain('At least 8 characters.');
    expect(wrong).toContain('Password must be at least 8 characters long');
    expect(wrong).toContain('aria-describedby="pw-error"');
    expect(wrong).toContain('aria-invalid="true"');
  });

  it('keeps its content at the top of a taller grid cell, so a neighbour with an error does not move it', () => {
    expect(render({})).toMatch(/class="grid content-start/);
  });

  it('brackets the optional marker the way each language does', () => {
    expect(render({ optional: 'optional' })).toContain('(optional)');
    expect(render({ optional: '选填' })).toContain('（选填）');
  });

  it('marks a value to check with an amber border and its line in place of the hint, described with the field', () => {
    const checked = render({ hint: 'Apartment or suite', check: 'Check this — the text also has: 416-555-0199' });
    expect(checked).toContain('Check this — the text also has: 416-555-0199');
    expect(checked).not.toContain('Apartment or suite');
    expect(checked).toContain('aria-describedby="pw-check"');
    expect(checked).toMatch(/<input[^>]*class="[^"]*border-amber-600/);
    expect(checked).not.toContain('aria-invalid');

    const both = render({ error: 'Required', check: 'Check this' });
    expect(both).toContain('aria-describedby="pw-error pw-check"');
    expect(render({})).not.toContain('amber');
  });
});
