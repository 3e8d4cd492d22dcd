import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox';

const message = (subject: string) => ({ to: 'ana@example.com', subject, text: 'Hello', html: '<p>Hello</p>' });

describe('outbox mailer', () => {
  it('writes each message as an .eml file, making its directory again if it has gone', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const dir = path.join(root, 'mail', 'outbox');
    const mailer = createOutboxMailer({ dir, from: 'Voyageur <no-reply@example.com>', log: { info: () => undefined } });
    await mailer.send(message('First'));
    await mailer.send(message('Second'));
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    await fs.rm(path.join(root, 'mail'), { recursive: true });
    await mailer.send(message('Third'));
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(await fs.readFile(path.join(dir, files[0]!), 'utf8')).toContain('Subject: Third');
    await fs.rm(root, { recursive: true });
  });
});
