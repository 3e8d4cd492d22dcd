import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh.json';
import { AddressCard } from './address-card';

const address: TAddress = {
  id: '00000000-0000-4000-8000-000000000001',
  name: '',
  firstName: 'Avery',
  lastName: 'Tremblay',
  company: '',
  address1: '100 King St W',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
  phone: '4165550100x22',
  email: '',
  isDefault: false,
  notifyRecipient: false,
  language: 'en',
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
};

async function render(lng: 'en' | 'zh'): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AddressCard address={address} onEdit={() => {}} onDelete={() => {}} />
    </I18nextProvider>,
  );
}

describe('AddressCard', () => {
  it("names a phone's extension in the interface language", async () => {
    expect(await render('en')).toContain('416-555-0100 ext. 22');
    const chinese = await render('zh');
    expect(chinese).toContain('416-555-0100 分机 22');
    expect(chinese).not.toContain('ext.');
  });
});
