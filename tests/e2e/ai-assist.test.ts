import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';
import { axeViolations, horizontalOverflow, screenshots } from './helpers/page-checks';

// The inputs the issue names (13): an order e-mail with billing and shipping blocks, two phones, a US address.
const SHOPIFY =
  'Order #1047 confirmed\nPlaced on Nov 3, 2026\n\nBilling address\nMarc Tremblay\n1200 rue Sherbrooke O\nMontréal QC H3A 1H6\n\nShipping address\nJulie Nguyen\n2201-155 Yonge St\nToronto ON M5C 1S1\n(416) 555-0142\n\nSubtotal $48.00\nShipping $12.50\nTotal $60.50 CAD';
const TWO_PHONES = 'Priya Raman\n88 Harbour St, Toronto ON M5J 2G2\ncell 647-555-0101\nwork 416-555-0199';
const US_ADDRESS = 'Ship to: Dana Whitfield, 1420 5th Ave Suite 300, Seattle, WA 98101-2334, USA, 206-555-0114';

const RECEIVER_FIELDS = ['first-name', 'last-name', 'company', 'address1', 'address2', 'city', 'postal-code', 'phone'];

/** The receiver's text fields, by id suffix, as they are now. */
async function receiverValues(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of RECEIVER_FIELDS) out[f] = await page.locator(`#receiver-${f}`).inputValue();
  out.province = await page.locator('#receiver-province').inputValue();
  return out;
}

/** Pastes into a box and presses its button; waits for the answer. */
async function fillBox(page: Page, box: Locator, text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/ai/parse-shipment'));
  await box.getByTestId('ai-assist-input').fill(text);
  await box.getByTestId('ai-assist-submit').click();
  await answered;
}

/** The create-shipment form with nothing kept from an earlier test (the draft lives in sessionStorage). */
async function freshShipmentForm(page: Page): Promise<void> {
  await page.goto('/create-shipment');
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.getByTestId('create-shipment').waitFor();
}

/** The Field cell around a control (its check line sits there). */
const cellOf = (page: Page, id: string) => page.locator(`div:has(> #${id})`);

describe('AI assistant box in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app));
    await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('takes a whole long paste, and past 20,000 characters says so in the page language without sending it', async () => {
    await page.goto('/create-shipment');
    const box = page.getByTestId('ai-assist-receiver');
    const input = box.getByTestId('ai-assist-input');

    // A long order e-mail (19,864 characters) is kept whole and read.
    const email = `Please ship to Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2.\n${'Terms of sale. '.repeat(1320)}`;
    await input.fill(email);
    expect((await input.inputValue()).length).toBe(email.length);
    await expect.poll(() => box.getByTestId('ai-assist-error').count()).toBe(0);
    expect(await box.getByTestId('ai-assist-count').textContent()).toBe('19,864 of 20,000 characters');
    await box.getByTestId('ai-assist-submit').click();
    await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('M5R 2K2');

    let parseRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ai/parse-shipment')) parseRequests++;
    });
    await input.fill('x'.repeat(20800));
    const error = box.getByTestId('ai-assist-error');
    await expect.poll(() => error.textContent()).toContain('at most 20,000 characters (this is 20,800)');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await box.getByTestId('ai-assist-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'at most 20,000 characters' }).waitFor();
    expect(parseRequests).toBe(0);

    await page.getByTestId('language-select').selectOption('zh');
    await expect
      .poll(() => error.textContent())
      .toBe('文字过长：AI 助手最多读取 20,000 个字符（当前 20,800 个）。请只保留包含姓名和地址的部分。');
    await page.getByTestId('language-select').selectOption('en');
    await input.fill('');
  });

  it('(a) an order e-mail with billing and shipping blocks fills the receiver from the shipping block and says so', async () => {
    await freshShipmentForm(page);
    const box = page.getByTestId('ai-assist-receiver');
    await fillBox(page, box, SHOPIFY);
    await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('M5C 1S1');
    const values = await receiverValues(page);
    expect(values).toMatchObject({
      'first-name': 'Julie',
      'last-name': 'Nguyen',
      company: '',
      city: 'Toronto',
      province: 'ON',
      'postal-code': 'M5C 1S1',
    });
    expect(`${values.address1} ${values['address2']}`).toMatch(/155 Yonge St/);
    expect(`${values.address1} ${values['address2']}`).toMatch(/2201/);
    expect(values.phone.replace(/\D/g, '')).toBe('4165550142');
    // The box shows which block it read: the shipping one, not the billing one.
    const read = box.getByTestId('ai-assist-read');
    expect(await read.getByTestId('ai-assist-read-title').textContent()).toBe('Read from: Shipping address');
    const readText = (await read.getByTestId('ai-assist-read-text').textContent()) ?? '';
    expect(readText).toContain('Julie Nguyen');
    expect(readText).not.toContain('Marc Tremblay');
    expect(await box.getByTestId('ai-assist-input').inputValue()).toBe('');

    // The panel folds and closes from the keyboard.
    const toggle = read.getByTestId('ai-assist-read-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await read.getByTestId('ai-assist-read-text').isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    expect(await read.getByTestId('ai-assist-read-text').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => box.getByTestId('ai-assist-read').count()).toBe(0);
  });

  it('(b) two phones: the phone is marked for a check (English and Chinese) until the user edits it', async () => {
    await freshShipmentForm(page);
    const box = page.getByTestId('ai-assist-receiver');
    await fillBox(page, box, TWO_PHONES);
    await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('M5J 2G2');
    const phone = page.locator('#receiver-phone');
    const chosen = (await phone.inputValue()).replace(/\D/g, '');
    expect(['6475550101', '4165550199']).toContain(chosen);
    const other = chosen === '6475550101' ? '416-555-0199' : '647-555-0101';

    const phoneCheck = cellOf(page, 'receiver-phone').getByTestId('field-check');
    expect(await phoneCheck.textContent()).toBe(`Check this — the text also has: ${other}`);
    expect(await phone.getAttribute('aria-describedby')).toBe('receiver-phone-check');
    expect(await page.getByTestId('field-check').count()).toBe(1);
    // The count is said in the box, not in a toast over the fields; focus is on the field to check.
    expect(await box.getByTestId('ai-assist-status').textContent()).toContain('Fields filled: 1 needs a check');
    expect(await page.getByTestId('toast').filter({ hasText: 'needs a check' }).count()).toBe(0);
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(() => phoneCheck.textContent()).toBe(`请核对——文字中还有：${other}`);
    await page.getByTestId('language-select').selectOption('en');

    // The user's own edit ends the mark; other fields never had one.
    await phone.click();
    await phone.press('End');
    await phone.press('Backspace');
    await phone.pressSequentially('1');
    await expect.poll(() => page.getByTestId('field-check').count()).toBe(0);
    expect(await phone.getAttribute('aria-describedby')).toBe(null);
  });

  it('(c) a US address fills the receiver (issue 25) and is refused in the sender box with the reason; the address book takes it', async () => {
    await freshShipmentForm(page);
    // The receiver may be in the United States: country, state and ZIP+4 are filled, the customs section appears.
    const receiverBox = page.getByTestId('ai-assist-receiver');
    await fillBox(page, receiverBox, US_ADDRESS);
    await expect.poll(() => page.locator('#receiver-country').inputValue()).toBe('US');
    expect(await page.locator('#receiver-first-name').inputValue()).toBe('Dana');
    expect(await page.locator('#receiver-city').inputValue()).toBe('Seattle');
    expect(await page.locator('#receiver-province').inputValue()).toBe('WA');
    expect(await page.locator('#receiver-postal-code').inputValue()).toBe('98101-2334');
    expect(await receiverBox.getByTestId('ai-assist-refusal').count()).toBe(0);
    await page.getByTestId('customs-form').waitFor();

    // The sender ships from Canada: nothing filled, the reason said.
    const box = page.getByTestId('ai-assist-sender');
    const before = await page.locator('#sender-city').inputValue();
    await fillBox(page, box, US_ADDRESS);
    const reason = 'This address is in the United States. The sender must be in Canada, so nothing was filled.';
    await expect.poll(() => box.getByTestId('ai-assist-refusal').textContent()).toBe(reason);
    await page.getByTestId('toast').filter({ hasText: reason }).waitFor();
    expect(await page.locator('#sender-city').inputValue()).toBe(before);
    expect(await box.getByTestId('ai-assist-input').inputValue()).toBe(US_ADDRESS);
    await page.getByTestId('language-select').selectOption('zh');
    await expect
      .poll(() => box.getByTestId('ai-assist-refusal').textContent())
      .toBe('该地址位于美国。寄件人必须在加拿大境内，因此未填写任何内容。');
    await page.getByTestId('language-select').selectOption('en');

    await page.goto('/address-book');
    await page.getByTestId('address-empty').getByRole('button').click();
    const form = page.getByTestId('address-form');
    await fillBox(page, form.getByTestId('ai-assist-address'), US_ADDRESS);
    await expect.poll(() => page.locator('#address-country').inputValue()).toBe('US');
    expect(await page.locator('#address-name').inputValue()).toBe('Dana Whitfield');
    expect(await page.locator('#address-city').inputValue()).toBe('Seattle');
    expect(await page.locator('#address-province').inputValue()).toBe('WA');
    expect(await page.locator('#address-postal-code').inputValue()).toBe('98101-2334');
    expect(await form.getByTestId('ai-assist-refusal').count()).toBe(0);
    // The state list is in the interface language, as the provinces are.
    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(() => page.locator('#address-province option[value="WA"]').textContent()).toBe('WA — 华盛顿州');
    await page.getByTestId('language-select').selectOption('en');
  });

  it('refuses on the client too when an answer (an older server, a model) has a country the form does not take', async () => {
    await freshShipmentForm(page);
    await page.route('**/api/ai/parse-shipment', (route) =>
      route.fulfill({
        json: {
          receiver: { firstName: 'Amelia', lastName: 'Hart', address1: '10 Downing St', city: 'London', country: 'GB' },
        },
      }),
    );
    try {
      const box = page.getByTestId('ai-assist-receiver');
      await fillBox(page, box, 'Amelia Hart, 10 Downing St, London SW1A 2AA, UK');
      await expect
        .poll(() => box.getByTestId('ai-assist-refusal').textContent())
        .toBe(
          'This address is in the United Kingdom. The assistant fills receivers in Canada and the United States only, so nothing was filled: choose the country and type the address in.',
        );
      expect(await page.locator('#receiver-first-name').inputValue()).toBe('');
    } finally {
      await page.unroute('**/api/ai/parse-shipment');
    }
  });

  it('a second fill clears what the first one set and the user left alone, also after a reload and in the address book', async () => {
    await freshShipmentForm(page);
    const first = {
      firstName: 'Julie',
      lastName: 'Nguyen',
      company: 'Bright Path Dental',
      address1: '155 Yonge St',
      address2: 'Unit 2201',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5C 1S1',
      phone: '416-555-0142',
      email: 'julie@brightpath.ca',
    };
    const second = {
      firstName: 'Sam',
      lastName: 'Okafor',
      address1: '90 Bedford Rd',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5R 2K2',
      phone: '647-555-0188',
    };
    let answer: unknown = { receiver: first };
    await page.route('**/api/ai/parse-shipment', (route) => route.fulfill({ json: answer }));
    try {
      const box = page.getByTestId('ai-assist-receiver');
      await fillBox(page, box, 'Shopify order #1047 for Julie Nguyen, Bright Path Dental');
      await expect.poll(() => page.locator('#receiver-company').inputValue()).toBe('Bright Path Dental');
      // The user types their own address line 2; the fill's other values are left as they came.
      await page.locator('#receiver-address2').fill('Buzz 4411');
      answer = { receiver: second };
      await fillBox(page, box, 'chat: Sam Okafor, 90 Bedford Rd, Toronto ON M5R 2K2, 647-555-0188');
      await expect.poll(() => page.locator('#receiver-first-name').inputValue()).toBe('Sam');
      const expected = {
        'first-name': 'Sam',
        'last-name': 'Okafor',
        company: '',
        address1: '90 Bedford Rd',
        address2: 'Buzz 4411',
        city: 'Toronto',
        province: 'ON',
        'postal-code': 'M5R 2K2',
        phone: '647-555-0188',
      };
      expect(await receiverValues(page)).toEqual(expected);
      expect(await page.locator('#receiver-email').inputValue()).toBe('');
      // The saved draft has no mix either, and a fill after a reload still clears the last one's values.
      await page.reload();
      await page.getByTestId('create-shipment').waitFor();
      expect(await receiverValues(page)).toEqual(expected);
      answer = {
        receiver: { firstName: 'Ana', lastName: 'Silva', city: 'Ottawa', province: 'ON', company: 'Silva Co' },
      };
      await fillBox(page, box, 'Ana Silva, Silva Co, Ottawa ON');
      await expect.poll(() => page.locator('#receiver-first-name').inputValue()).toBe('Ana');
      expect(await receiverValues(page)).toEqual({
        'first-name': 'Ana',
        'last-name': 'Silva',
        company: 'Silva Co',
        address1: '',
        address2: 'Buzz 4411',
        city: 'Ottawa',
        province: 'ON',
        'postal-code': '',
        phone: '',
      });

      await page.goto('/address-book');
      await page.getByTestId('address-empty').getByRole('button').click();
      const addressBox = page.getByTestId('address-form').getByTestId('ai-assist-address');
      answer = { address: { ...first, country: 'CA' } };
      await fillBox(page, addressBox, 'Shopify order #1047 for Julie Nguyen, Bright Path Dental');
      await expect.poll(() => page.locator('#address-company').inputValue()).toBe('Bright Path Dental');
      await page.locator('#address-email').fill('sam@example.com');
      answer = { address: { ...second, country: 'CA' } };
      await fillBox(page, addressBox, 'chat: Sam Okafor, 90 Bedford Rd, Toronto ON M5R 2K2');
      await expect.poll(() => page.locator('#address-name').inputValue()).toBe('Sam Okafor');
      expect(await page.locator('#address-company').inputValue()).toBe('');
      expect(await page.locator('#address-address2').inputValue()).toBe('');
      expect(await page.locator('#address-address1').inputValue()).toBe('90 Bedford Rd');
      expect(await page.locator('#address-phone').inputValue()).toBe('647-555-0188');
      // The e-mail the user typed stays.
      expect(await page.locator('#address-email').inputValue()).toBe('sam@example.com');
    } finally {
      await page.unroute('**/api/ai/parse-shipment');
    }
  });

  it('a correction pasted alone ("sorry, postal code is …") amends the last fill; a server out of reach is said so, not blamed on the text', async () => {
    await freshShipmentForm(page);
    let answer: unknown = {
      receiver: {
        firstName: 'Sophie',
        lastName: 'Lavoie',
        address1: '7803 Yellowhead Trail NW',
        city: 'Edmonton',
        province: 'AB',
        postalCode: 'T5B 1G3',
        phone: '780-555-0177',
      },
    };
    await page.route('**/api/ai/parse-shipment', (route) => route.fulfill({ json: answer }));
    try {
      const box = page.getByTestId('ai-assist-receiver');
      await fillBox(page, box, 'Sophie Lavoie, 7803 Yellowhead Trail NW, Edmonton AB T5B 1G3, 780-555-0177');
      await expect.poll(() => page.locator('#receiver-first-name').inputValue()).toBe('Sophie');
      answer = { receiver: { postalCode: 'T5B 1G4', province: 'AB', country: 'CA' } };
      await fillBox(page, box, 'sorry, postal code is T5B 1G4');
      await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('T5B 1G4');
      expect(await receiverValues(page)).toMatchObject({
        'first-name': 'Sophie',
        'last-name': 'Lavoie',
        address1: '7803 Yellowhead Trail NW',
        city: 'Edmonton',
        phone: '780-555-0177',
      });
    } finally {
      await page.unroute('**/api/ai/parse-shipment');
    }
    await page.route('**/api/ai/parse-shipment', (route) => route.abort('internetdisconnected'));
    try {
      const box = page.getByTestId('ai-assist-receiver');
      await box.getByTestId('ai-assist-input').fill('Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2');
      await box.getByTestId('ai-assist-submit').click();
      const toast = page.getByTestId('toast').last();
      await expect.poll(() => toast.textContent()).toContain("couldn't reach Voyageur");
      expect(await toast.textContent()).not.toContain('No address could be read');
    } finally {
      await page.unroute('**/api/ai/parse-shipment');
    }
  });

  it('keeps keyboard focus: on the text after Ctrl+Enter and a refusal, the button after a click, the first field to check', async () => {
    await freshShipmentForm(page);
    let answer: { status?: number; json: unknown } = { json: { receiver: JULIE } };
    await page.route('**/api/ai/parse-shipment', (route) =>
      route.fulfill({ status: answer.status ?? 200, json: answer.json }),
    );
    const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
    try {
      const box = page.getByTestId('ai-assist-receiver');
      const input = box.getByTestId('ai-assist-input');
      const button = box.getByTestId('ai-assist-submit');

      // Ctrl+Enter, nothing to check: focus stays in the (now empty) text box.
      await input.fill('Julie Nguyen, 155 Yonge St, Toronto');
      let answered = page.waitForResponse((r) => r.url().endsWith('/api/ai/parse-shipment'));
      await input.press('Control+Enter');
      await answered;
      await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('M5C 1S1');
      await expect.poll(() => focused(input)).toBe(true);

      // The button, nothing to check: focus stays on the button.
      await fillBox(page, box, 'Julie Nguyen, 155 Yonge St, Toronto');
      await expect.poll(() => button.isEnabled()).toBe(true);
      await expect.poll(() => focused(button)).toBe(true);

      // Closing the "Read from" panel with × puts focus in the text box, not on <body>.
      await box.getByTestId('ai-assist-read-dismiss').click();
      await expect.poll(() => box.getByTestId('ai-assist-read').count()).toBe(0);
      await expect.poll(() => focused(input)).toBe(true);

      // Fields to check: focus goes to the first on screen (address line 1 before the phone).
      answer = {
        json: {
          receiver: { ...JULIE, phone: '647-555-0101' },
          review: {
            guessed: [
              { field: 'phone', others: ['416-555-0199'] },
              { field: 'address1', others: ['1200 rue Sherbrooke O'] },
            ],
          },
        },
      };
      await input.fill('Julie Nguyen, two phones');
      answered = page.waitForResponse((r) => r.url().endsWith('/api/ai/parse-shipment'));
      await input.press('Control+Enter');
      await answered;
      await expect.poll(() => focused(page.locator('#receiver-address1'))).toBe(true);
      expect(await box.getByTestId('ai-assist-status').textContent()).toContain('Fields filled: 2 need a check');

      // A refusal keeps focus in the text box, with the text kept to edit.
      answer = {
        status: 422,
        json: { message: 'outside', code: 'DESTINATION_NOT_SUPPORTED', country: 'US' },
      };
      await fillBox(page, box, US_ADDRESS);
      await box.getByTestId('ai-assist-refusal').waitFor();
      await expect.poll(() => focused(input)).toBe(true);
      expect(await box.getByTestId('ai-assist-status').count()).toBe(0);
    } finally {
      await page.unroute('**/api/ai/parse-shipment');
    }
  });

  it('(d) a 400-line paste goes in at once, the box grows to its limit then scrolls, and it is read', async () => {
    await freshShipmentForm(page);
    const box = page.getByTestId('ai-assist-receiver');
    const input = box.getByTestId('ai-assist-input');
    const items = Array.from({ length: 390 }, (_, i) => `Item ${i + 1}: ceramic mug, qty 1, $12.00`);
    const text = ['Ship to:', 'Rachel Green', '90 Bedford Rd', 'Toronto ON M5R 2K2', '416-555-0134', '', ...items].join(
      '\n',
    );
    expect(text.split('\n').length).toBeGreaterThanOrEqual(396);
    // Like a paste: the whole text arrives in one input event. The page's own work for it (React, the
    // counter, the layout of the growing box) is timed to the next frame, apart from Chromium's editing.
    const pasteMs = await input.evaluate(async (el: HTMLTextAreaElement, value) => {
      const t0 = performance.now();
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    }, text);
    await expect.poll(() => input.inputValue()).toBe(text);
    expect(pasteMs).toBeLessThan(500);
    // Typing goes on at the end without lag: each key's work lands within about a frame or two.
    const keyMs = await input.evaluate(async (el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
      const times: number[] = [];
      for (const key of ' ok, thanks') {
        const t0 = performance.now();
        document.execCommand('insertText', false, key);
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    });
    await expect.poll(() => input.inputValue()).toBe(`${text} ok, thanks`);
    expect(keyMs).toBeLessThan(100);
    const size = await input.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    expect(size.client).toBeLessThanOrEqual(300);
    expect(size.client).toBeGreaterThan(150);
    expect(size.scroll).toBeGreaterThan(size.client * 5);

    await box.getByTestId('ai-assist-submit').click();
    await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('M5R 2K2');
    expect(await page.locator('#receiver-first-name').inputValue()).toBe('Rachel');
    expect(await box.getByTestId('ai-assist-read').isVisible()).toBe(true);
    // The panel of a long text stays small and scrolls (focusable, so the keyboard can scroll it).
    const panel = box.getByTestId('ai-assist-read-text');
    const panelSize = await panel.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    expect(panelSize.client).toBeLessThanOrEqual(170);
    expect(await panel.getAttribute('tabindex')).toBe('0');
  });
});

/** Mocked answers, so every state of the box can be looked at whatever the parser reads. */
const JULIE = {
  firstName: 'Julie',
  lastName: 'Nguyen',
  address1: '155 Yonge St',
  address2: 'Unit 2201',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5C 1S1',
  country: 'CA',
  phone: '416-555-0142',
};
const BLOCK = {
  heading: 'Shipping address',
  text: 'Julie Nguyen\n2201-155 Yonge St\nToronto ON M5C 1S1\n(416) 555-0142',
};
type Mock = { status?: number; json: unknown };
const ANSWERS: Record<'filled' | 'guessed' | 'refused', (role: string) => Mock> = {
  filled: (role) => ({ json: { [role]: JULIE, review: { guessed: [], block: BLOCK } } }),
  guessed: (role) => ({
    json: {
      [role]: { ...JULIE, phone: '647-555-0101' },
      review: {
        guessed: [
          { field: 'phone', others: ['416-555-0199'] },
          { field: 'address1', others: ['1200 rue Sherbrooke O'] },
        ],
        block: BLOCK,
      },
    },
  }),
  // The receiver's box and the address book refuse an address outside Canada and the US.
  refused: (role) => ({
    status: 422,
    json: {
      message: 'This address is outside the countries this form takes',
      code: 'DESTINATION_NOT_SUPPORTED',
      country: role === 'sender' ? 'US' : 'GB',
      fieldErrors: { description: ['This address is outside the countries this form takes'] },
    },
  }),
};

describe('AI assistant box: every state, axe and screenshots (phone and desktop, English and Chinese)', () => {
  let app: RunningApp;
  let browser: Browser;
  const shot = screenshots('ai-assist');
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const viewports = [
    { name: 'phone', viewport: { width: 390, height: 844 } },
    { name: 'desktop', viewport: { width: 1366, height: 900 } },
  ] as const;

  it.each(viewports)(
    '$name: no contrast or aria finding and no sideways scrolling in any state',
    async ({ name, viewport }) => {
      {
        const { page, context } = await newPage(browser, app, { viewport });
        await signUpViaApi(page, app);
        let answer: Mock = ANSWERS.filled('receiver');
        await page.route('**/api/ai/parse-shipment', (route) =>
          route.fulfill({ status: answer.status ?? 200, json: answer.json }),
        );
        const check = async (lang: string, where: string, state: string, target: Locator) => {
          await target.scrollIntoViewIfNeeded();
          const label = `${name}-${lang}-${where}-${state}`;
          // One axe run per state: every contrast finding (whatever its impact) and every other serious one.
          const violations = await axeViolations(page);
          expect({
            label,
            contrast: violations
              .filter((v) => v.id === 'color-contrast')
              .flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
            serious: violations
              .filter((v) => v.id !== 'color-contrast' && (v.impact === 'serious' || v.impact === 'critical'))
              .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          }).toEqual({ label, contrast: [], serious: [] });
          expect({ label, overflow: await horizontalOverflow(page) }).toEqual({ label, overflow: 0 });
          await shot(page, label);
          // The box alone, to look at (written with the others only when E2E_SCREENSHOTS=1).
          if (process.env.E2E_SCREENSHOTS === '1') {
            await target.screenshot({ path: `${process.cwd()}/.tmp/screenshots/ai-assist-${label}-box.png` });
          }
        };
        for (const lang of ['en', 'zh'] as const) {
          // The create-shipment receiver.
          await freshShipmentForm(page);
          await page.getByTestId('language-select').selectOption(lang);
          const box = page.getByTestId('ai-assist-receiver');
          await check(lang, 'shipment', 'empty', box);
          answer = ANSWERS.filled('receiver');
          await fillBox(page, box, SHOPIFY);
          await box.getByTestId('ai-assist-read').waitFor();
          await check(lang, 'shipment', 'filled', box);
          answer = ANSWERS.guessed('receiver');
          await fillBox(page, box, SHOPIFY);
          await page.getByTestId('field-check').nth(1).waitFor();
          await check(lang, 'shipment', 'guessed', box);
          answer = ANSWERS.refused('receiver');
          await fillBox(page, box, US_ADDRESS);
          await box.getByTestId('ai-assist-refusal').waitFor();
          await check(lang, 'shipment', 'refused', box);
          await box.getByTestId('ai-assist-input').fill('x'.repeat(20_001));
          await box.getByTestId('ai-assist-error').waitFor();
          // The refusal was about the text sent before; editing the text takes it away.
          expect(await box.getByTestId('ai-assist-refusal').count()).toBe(0);
          await check(lang, 'shipment', 'too-long', box);

          // The address-book form.
          await page.goto('/address-book');
          await page.getByTestId('address-empty').getByRole('button').click();
          const form = page.getByTestId('address-form');
          const addressBox = form.getByTestId('ai-assist-address');
          await check(lang, 'address', 'empty', addressBox);
          answer = ANSWERS.filled('address');
          await fillBox(page, addressBox, SHOPIFY);
          await addressBox.getByTestId('ai-assist-read').waitFor();
          await check(lang, 'address', 'filled', addressBox);
          answer = ANSWERS.guessed('address');
          await fillBox(page, addressBox, SHOPIFY);
          await page.getByTestId('field-check').nth(1).waitFor();
          await check(lang, 'address', 'guessed', addressBox);
          answer = ANSWERS.refused('address');
          await fillBox(page, addressBox, US_ADDRESS);
          await addressBox.getByTestId('ai-assist-refusal').waitFor();
          await check(lang, 'address', 'refused', addressBox);
          await addressBox.getByTestId('ai-assist-input').fill('x'.repeat(20_001));
          await addressBox.getByTestId('ai-assist-error').waitFor();
          // The refusal was about the text sent before; editing the text takes it away.
          expect(await addressBox.getByTestId('ai-assist-refusal').count()).toBe(0);
          await check(lang, 'address', 'too-long', addressBox);
        }
        await context.close();
      }
    },
    300_000,
  );
});
