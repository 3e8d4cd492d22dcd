import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxSms, listSmsOutbox, readSmsFile } from './outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('SMS outbox sandbox', () => {
  it('writes one file per text with the number, the time and the body, read back in order', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sms-outbox-')), 'sms-outbox');
    dirs.push(path.dirname(dir));
    const logged: object[] = [];
    let now = new Date('2026-03-02T15:00:00.000Z');
    const sms = createOutboxSms({ dir, log: { info: (obj) => logged.push(obj) }, now: () => now });
    expect(sms.kind).toBe('sandbox');
    await sms.send({ to: '+14165550147', body: 'Voyageur: your verification code is 123456.' });
    now = new Date('2026-03-02T15:01:00.000Z');
    await sms.send({ to: '+8613800138000', body: 'Voyageur 验证码：654321，10 分钟内有效。\n第二行' });

    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.txt'))).toBe(true);
    expect(await listSmsOutbox(dir)).toEqual([
      expect.objectContaining({
        to: '+14165550147',
        date: '2026-03-02T15:00:00.000Z',
        body: 'Voyageur: your verification code is 123456.',
      }),
      expect.objectContaining({
        to: '+8613800138000',
        date: '2026-03-02T15:01:00.000Z',
        body: 'Voyageur 验证码：654321，10 分钟内有效。\n第二行',
      }),
    ]);
    expect(logged).toHaveLength(2);
    expect(readSmsFile('To: +1\nDate: x\n\nbody\n')).toEqual({ to: '+1', date: 'x', body: 'body' });
  });

  it('answers an empty list when nothing was written', async () => {
    expect(await listSmsOutbox(path.join(os.tmpdir(), 'no-such-sms-outbox-dir'))).toEqual([]);
  });
});
