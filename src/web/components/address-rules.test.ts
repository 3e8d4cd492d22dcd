import { describe, expect, it } from 'vitest';
import { addressProblems, problemsResolver, provinceFits, serverProblemMessage } from './address-rules';

const FIELDS = ['name', 'country', 'province', 'postalCode', 'note'] as const;
const rules = {
  prefix: 'form.validation',
  fields: FIELDS,
  textFields: ['name', 'province', 'postalCode'] as const,
  required: ['name', 'province'] as const,
};
const valid = { name: 'Ada', country: 'CA', province: 'ON', postalCode: 'k1a 0b1' };

describe('address rules shared by the address forms', () => {
  it('keys every problem under the form prefix, in the form order', () => {
    expect(addressProblems(valid, rules)).toEqual([]);
    expect(addressProblems({ name: '', country: 'CA', province: '', postalCode: '' }, rules)).toEqual([
      { field: 'name', key: 'form.validation.nameRequired' },
      { field: 'province', key: 'form.validation.provinceRequired' },
      { field: 'postalCode', key: 'form.validation.postalCode' },
    ]);
    expect(addressProblems({ ...valid, province: 'QC' }, rules)).toEqual([
      { field: 'postalCode', key: 'form.validation.postalMismatch', params: { code: 'K1A 0B1', province: 'QC' } },
    ]);
    expect(addressProblems({ ...valid, country: 'US', postalCode: '1234' }, rules)).toEqual([
      { field: 'province', key: 'form.validation.state' },
      { field: 'postalCode', key: 'form.validation.zip' },
    ]);
    expect(addressProblems({ ...valid, country: 'FR' }, rules).map((p) => p.key)).toEqual(['form.validation.country']);
  });

  it("runs the form's own rules last, and a field keeps its first problem", () => {
    const more = (add: (field: string, key: string) => void) => {
      add('name', 'form.validation.other');
      add('note', 'form.validation.note');
    };
    expect(addressProblems({ ...valid, name: 'A\nda' }, { ...rules, more })).toEqual([
      { field: 'name', key: 'form.validation.controlCharacters' },
      { field: 'note', key: 'form.validation.note' },
    ]);
  });

  it('tells whether a province or state fits the country', () => {
    expect(provinceFits('CA', 'ON')).toBe(true);
    expect(provinceFits('US', 'ON')).toBe(false);
    expect(provinceFits('US', 'WA')).toBe(true);
    expect(provinceFits('CA', 'WA')).toBe(false);
  });

  it('turns problems into form errors and server field messages', async () => {
    const resolver = problemsResolver((values: typeof valid) => addressProblems(values, rules));
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolver>[2];
    expect(await resolver(valid, undefined, options)).toEqual({ values: valid, errors: {} });
    expect(await resolver({ ...valid, name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'validate', message: JSON.stringify({ key: 'form.validation.nameRequired' }) } },
    });
    const problems = addressProblems({ ...valid, name: '' }, rules);
    expect(serverProblemMessage(problems, 'name', 'form.validation.server')).toBe(
      JSON.stringify({ key: 'form.validation.nameRequired' }),
    );
    expect(serverProblemMessage(problems, 'postalCode', 'form.validation.server')).toBe(
      JSON.stringify({ key: 'form.validation.server' }),
    );
  });
});
