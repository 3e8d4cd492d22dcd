import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';
import { orderBody, quoteBody } from '../integration/helpers/orders';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/**
 * Settings → API keys → Webhooks on a phone (390×844): add an endpoint pointing at a local receiver,
 * copy its secret (shown once), send a test event, read the delivery log, resend; a shipment bought
 * with a test key reaches the receiver through the server's delivery worker.
 */
describe('webhooks in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let server: http.Server;
  const received: Received[] = [];
  let receiverUrl = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/voyageur-hook`;
    [app, browser] = await Promise.all([startApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }), launchBrowser()]);
    ({ page, context } = await newPage(browser, app, { viewport: { width: 390, height: 844 } }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  const verified = (r: Received, secret: string) => {
    const parts = Object.fromEntries(
      String(r.headers['voyageur-signature'])
        .split(',')
        .map((p) => p.split('=')),
    );
    return parts.v1 === createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  };

  it('adds an endpoint, shows its secret once, sends a test event and reads the delivery log', async () => {
    await page.goto('/settings?tab=api-keys');
    const card = page.getByTestId('webhooks-card');
    await card.getByTestId('webhooks-empty').filter({ hasText: 'No webhook endpoint yet.' }).waitFor();

    // A plain-http URL elsewhere is refused, naming the rule.
    await card.getByLabel('Endpoint URL (https)').fill('http://hooks.example.com/x');
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    await card.getByText('The endpoint URL must start with https://.').waitFor();

    await card.getByLabel('Endpoint URL (https)').fill(receiverUrl);
    await card.getByLabel('Label voided (shipment.voided)').check();
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await card.getByTestId('new-webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await card.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await card.getByRole('button', { name: 'Done' }).click();
    expect(await card.getByTestId('new-webhook-secret').count()).toBe(0);

    const row = card.getByTestId('webhook-row').filter({ hasText: receiverUrl });
    await row.getByText('Label bought · Tracking updated · Label voided').waitFor();
    await row.getByRole('button', { name: 'Send test event' }).click();
    const delivery = row.getByTestId('webhook-delivery').first();
    await delivery.getByTestId('webhook-delivery-status').filter({ hasText: 'Delivered · 200' }).waitFor();
    expect(await delivery.getByTestId('webhook-delivery-event').textContent()).toBe('webhook.test');
    expect(await delivery.getByTestId('webhook-delivery-duration').textContent()).toMatch(/^\d+ ms$/);
    expect(received).toHaveLength(1);
    expect(verified(received[0]!, secret)).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      type: 'webhook.test',
      id: received[0]!.headers['voyageur-event-id'],
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Resend: the same event again, a second line in the log.
    await delivery.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => row.getByTestId('webhook-delivery').count(), { timeout: 20_000 }).toBe(2);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['voyageur-event-id']).toBe(received[0]!.headers['voyageur-event-id']);

    // A new secret replaces the old one, shown once like the first.
    await row.getByRole('button', { name: 'New secret' }).click();
    await row.getByRole('button', { name: 'Replace secret' }).click();
    const newSecret = await card.getByTestId('new-webhook-secret-value').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await card.getByRole('button', { name: 'Done' }).click();

    // A label bought with a test key goes out through the server's delivery worker, signed with the new secret.
    const key = await page.request.post('/api/api-keys', { data: { name: 'hooks', mode: 'test' } });
    expect(key.status()).toBe(201);
    const auth = { authorization: `Bearer ${(await key.json()).key}` };
    const rates = await page.request.post('/api/v1/rates', { headers: auth, data: quoteBody() });
    expect(rates.status(), await rates.text()).toBe(200);
    const bought = await page.request.post('/api/v1/shipments', {
      headers: auth,
      data: orderBody((await rates.json())[0]),
    });
    expect(bought.status(), await bought.text()).toBe(201);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    expect(JSON.parse(received[2]!.body)).toMatchObject({
      type: 'shipment.created',
      data: { shipment: { id: (await bought.json()).id, test: true } },
    });
    expect(verified(received[2]!, newSecret)).toBe(true);
    expect(verified(received[2]!, secret)).toBe(false);
    await page.reload();
    await row.getByRole('button', { name: 'Delivery log' }).click();
    await row.getByTestId('webhook-delivery-event').filter({ hasText: 'shipment.created' }).waitFor();

    // In Chinese too.
    await page.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
    await page.reload();
    await card.getByRole('heading', { name: '添加端点' }).waitFor();
    await card.getByRole('heading', { name: 'Webhook 事件推送' }).waitFor();
    await row.getByRole('button', { name: '发送记录' }).click();
    await row.getByTestId('webhook-delivery-status').filter({ hasText: '已送达 · 200' }).first().waitFor();

    // A refused URL is a sentence in Chinese, not 'check this item'.
    await card.getByLabel('端点 URL（https）').fill('http://hooks.example.com/x');
    await card.getByRole('button', { name: '添加端点' }).click();
    await card.getByText('端点 URL 必须以 https:// 开头。').waitFor();
    expect(await card.getByText('请检查此项').count()).toBe(0);

    // A receiver that is not listening: the delivery log's reason in Chinese.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await card.getByLabel('端点 URL（https）').fill(deadUrl);
    await card.getByRole('button', { name: '添加端点' }).click();
    await card.getByTestId('new-webhook-secret-value').waitFor();
    await card.getByRole('button', { name: '完成' }).click();
    const deadRow = card.getByTestId('webhook-row').filter({ hasText: deadUrl });
    await deadRow.getByRole('button', { name: '发送测试事件' }).click();
    await deadRow.getByTestId('webhook-delivery-reason').filter({ hasText: '连接被拒绝' }).waitFor();
    expect(await deadRow.getByTestId('webhook-log').textContent()).not.toContain('Connection refused');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await deadRow.getByRole('button', { name: '删除' }).click();
    await deadRow.getByRole('button', { name: '删除端点' }).click();
    await deadRow.waitFor({ state: 'detached' });

    // Deleting it empties the list.
    await row.getByRole('button', { name: '删除' }).click();
    await row.getByRole('button', { name: '删除端点' }).click();
    await card.getByTestId('webhooks-empty').waitFor();
  });
});
