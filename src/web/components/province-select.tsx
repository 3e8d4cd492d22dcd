import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVINCE_CODES, PROVINCES, US_STATE_CODES, US_STATES } from '../../shared/provinces';
import { cn } from '../lib/cn';
import { inputClass } from './ui/input';
import { US_TERRITORIES, type UsTerritoryCode } from '../../shared/countries';
import { US_STATE_NAMES_ZH, US_TERRITORY_NAMES_ZH } from './us-state-names';

export type ProvinceSelectProps = {
  value: string;
  onChange: (value: string) => void;
  country?: 'CA' | 'US';
  /** With the US: the territories and the armed forces' post after the states (a shipment's receiver). */
  territories?: boolean;
  id?: string;
  invalid?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
  className?: string;
  /** Set by `Field`; same effect as `invalid`. */
  'aria-invalid'?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * Native select of the 13 province and territory codes with their names in the interface language
 * ("ON — Ontario" / "ON — 安大略省"), or the US states when the country is US ("WA — 华盛顿州" in Chinese). Native keeps it
 * keyboard-usable and gives phones their own picker.
 */
export function ProvinceSelect({
  value,
  onChange,
  country = 'CA',
  territories = false,
  id,
  invalid,
  disabled,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ref,
}: ProvinceSelectProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh';
  const territoryOptions =
    country === 'US' && territories
      ? (Object.keys(US_TERRITORIES) as UsTerritoryCode[]).map((code) => ({
          code,
          label: `${code} — ${zh ? US_TERRITORY_NAMES_ZH[code] : US_TERRITORIES[code]}`,
        }))
      : [];
  const options =
    country === 'US'
      ? [
          ...US_STATE_CODES.map((code) => ({
            code,
            label: `${code} — ${zh ? US_STATE_NAMES_ZH[code] : US_STATES[code]}`,
          })),
          ...territoryOptions,
        ]
      : PROVINCE_CODES.map((code) => ({ code, label: `${code} — ${zh ? PROVINCES[code].zh : PROVINCES[code].en}` }));
  const known = value === '' || options.some((o) => o.code === value);
  return (
    <select
      ref={ref}
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      aria-invalid={invalid || ariaInvalid ? true : undefined}
      aria-describedby={describedBy}
      className={cn(inputClass, 'h-10 pr-8', className)}
      data-testid="province-select"
    >
      <option value="">
        {country === 'US' ? t('addressBook.form.selectState') : t('addressBook.form.selectProvince')}
      </option>
      {/* A value that is not in the list (e.g. a state kept after switching to CA) stays visible until changed. */}
      {known ? null : <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
