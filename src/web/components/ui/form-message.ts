import type { TFunction } from 'i18next';
import { isProvinceCode, PROVINCES } from '../../../shared/provinces';

/** A field message as a translation key with its values, so it follows a language switch. */
export type FormMessage = { key: string; params?: Record<string, string | number> };

/**
 * react-hook-form keeps one string per field error: the key and its values travel as JSON.
 * Numbers are formatted for the interface language and params named `province` show the
 * province's name when they hold a province code.
 */
export function encodeMessage(key: string, params?: FormMessage['params']): string {
  return JSON.stringify(params ? { key, params } : { key });
}

function decode(message: string): FormMessage | null {
  if (!message.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(message) as Partial<FormMessage>;
    return typeof parsed.key === 'string' ? { key: parsed.key, params: parsed.params } : null;
  } catch {
    return null;
  }
}

/** The text of a field message in the interface language; plain text passes through. */
export function formMessageText(message: string | undefined, t: TFunction, language: string): string | undefined {
  if (!message) return undefined;
  const decoded = decode(message);
  if (!decoded) return message;
  const zh = language === 'zh';
  const lang = zh ? 'zh' : 'en';
  const numbers = new Intl.NumberFormat(zh ? 'zh-CN' : 'en-CA', { maximumFractionDigits: 2 });
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(decoded.params ?? {})) {
    if (typeof value === 'number') params[name] = numbers.format(value);
    else if (name.toLowerCase().endsWith('province') && isProvinceCode(value)) params[name] = PROVINCES[value][lang];
    else params[name] = value;
  }
  return t(decoded.key, params);
}
