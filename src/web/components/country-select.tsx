import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../shared/countries';
import { cn } from '../lib/cn';
import { inputClass } from './ui/input';

/**
 * The countries in the interface language (ICU names, shared/countries.ts): the first ones as
 * given (Canada, then the United States), the rest by name in that language's collation. Each reads
 * 'Name (CODE)', so typing the start of a name selects it.
 */
export function countryOptions(
  codes: readonly string[],
  language: string,
  first = 2,
): { code: string; label: string }[] {
  const label = (code: string) => `${countryName(code, language)} (${code})`;
  const collator = new Intl.Collator(language === 'zh' ? 'zh-CN' : 'en-CA');
  const head = codes.slice(0, first).map((code) => ({ code, label: label(code) }));
  const rest = codes
    .slice(first)
    .map((code) => ({ code, label: label(code) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return [...head, ...rest];
}

/**
 * Native select of countries (keyboard: type the start of a name, arrows, Home/End; phones get their
 * own picker). `first` options keep their place above the sorted rest.
 */
export function CountrySelect({
  codes,
  first = 2,
  value,
  onChange,
  id,
  className,
  autoComplete,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  ref,
  'data-testid': testId,
}: {
  codes: readonly string[];
  first?: number;
  value: string;
  onChange: (code: string) => void;
  id?: string;
  className?: string;
  autoComplete?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: Ref<HTMLSelectElement>;
  'data-testid'?: string;
}) {
  const { i18n } = useTranslation();
  const options = countryOptions(codes, i18n.language, first);
  const known = options.some((o) => o.code === value);
  return (
    <select
      ref={ref}
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete={autoComplete}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className={cn(inputClass, 'h-10 pr-8', className)}
      data-testid={testId}
    >
      {/* A value not in the list (a saved address's) stays visible until changed; the rules name it. */}
      {known ? null : <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
