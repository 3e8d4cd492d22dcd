import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender } from './index';

type Log = { info(obj: object, msg: string): void };

/**
 * The SMS sandbox: each message is a `.txt` file in `dir` — `To:`, `Date:` (ISO 8601), a blank line,
 * the body — named by its time so that a listing reads in order.
 */
export function createOutboxSms(opts: { dir: string; log: Log; now?: () => Date }): SmsSender {
  return {
    kind: 'sandbox',
    async send(message: SmsMessage) {
      await fs.mkdir(opts.dir, { recursive: true });
      const date = (opts.now ?? (() => new Date()))();
      const file = path.join(opts.dir, `${date.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.txt`);
      await fs.writeFile(file, `To: ${message.to}\nDate: ${date.toISOString()}\n\n${message.body}\n`, 'utf8');
      opts.log.info({ to: message.to, file }, 'SMS written to outbox');
    },
  };
}

/** Reads a message written by the sandbox (tests and the CLI use it). */
export function readSmsFile(text: string): { to: string; date: string; body: string } {
  const [head = '', ...rest] = text.split('\n\n');
  return {
    to: /^To: (.*)$/m.exec(head)?.[1] ?? '',
    date: /^Date: (.*)$/m.exec(head)?.[1] ?? '',
    body: rest.join('\n\n').replace(/\n$/, ''),
  };
}

/** The messages in the outbox, oldest first. */
export async function listSmsOutbox(dir: string): Promise<{ file: string; to: string; date: string; body: string }[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.txt')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, ...readSmsFile(await fs.readFile(file, 'utf8')) };
    }),
  );
}
