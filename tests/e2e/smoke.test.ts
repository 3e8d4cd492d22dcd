import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';

describe('the built app in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({}, { fresh: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the web app and the health check', async () => {
    const { page, context } = await newPage(browser, app);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    const health = await (await fetch(`${app.url}/api/health`)).json();
    expect(health.database).toBe('up');
    await context.close();
  });
});

describe('the server bundle (decision 049)', () => {
  it('every chunk main.js and cli.js reach, on-demand ones (Stripe, mail, pg) too, loads in a fresh process', () => {
    // startApp above ran `npm start`, which built dist/ when it was missing or stale.
    const dir = path.resolve(import.meta.dirname, '../../dist/server');
    const reached = new Set<string>();
    const follow = (file: string) => {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of code.matchAll(/(?:from\s*|import\s*\(\s*|import\s*)"\.\/([^"]+\.js)"/g)) {
        if (reached.has(m[1]!)) continue;
        reached.add(m[1]!);
        follow(m[1]!);
      }
    };
    follow('main.js');
    follow('cli.js');
    const chunks = [...reached];
    expect(chunks.some((f) => f.startsWith('stripe'))).toBe(true);
    expect(chunks.some((f) => f.startsWith('nodemailer'))).toBe(true);
    for (const chunk of chunks) {
      const run = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(path.join(dir, chunk))})`],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(run.status, `${chunk}: ${run.stderr}`).toBe(0);
    }
  });
});
