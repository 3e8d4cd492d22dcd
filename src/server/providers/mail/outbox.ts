import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Mailer, MailMessage } from './index';

type Log = { info(obj: object, msg: string): void };

/** Writes each message as an RFC 822 .eml file in `dir` and logs recipient and subject. */
export function createOutboxMailer(opts: { dir: string; from: string; log: Log; now?: () => Date }): Mailer {
  // The directory is made by the first message, and again only if it has gone since.
  let made: Promise<unknown> | null = null;
  const makeDir = () =>
    (made ??= fs.mkdir(opts.dir, { recursive: true }).catch((err: unknown) => {
      made = null;
      throw err;
    }));
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const date = (opts.now ?? (() => new Date()))();
      const id = randomUUID();
      const file = path.join(opts.dir, `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      const eml = toEml(message, opts.from, date, id);
      try {
        await makeDir();
        await fs.writeFile(file, eml, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        made = null;
        await makeDir();
        await fs.writeFile(file, eml, 'utf8');
      }
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}

function encodeHeader(value: string): string {
  // RFC 2047 for non-ASCII subjects (Chinese mail).
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function toEml(m: MailMessage, from: string, date: Date, id: string): string {
  const boundary = `voyageur-${id}`;
  const headers = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${encodeHeader(m.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${id}@voyageur.local>`,
    'MIME-Version: 1.0',
    ...Object.entries(m.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  if (m.attachments?.length) {
    // multipart/mixed: the message (as below, without the top-level headers), then each file.
    const mixed = `voyageur-mixed-${id}`;
    const body = toEml({ ...m, attachments: undefined, headers: undefined }, from, date, `${id}-body`);
    const bodyPart = body.slice(body.indexOf('Content-Type:'));
    return [
      ...headers,
      `Content-Type: multipart/mixed; boundary="${mixed}"`,
      '',
      `--${mixed}`,
      bodyPart.replace(/\r\n$/, ''),
      ...m.attachments.flatMap((a) => [
        `--${mixed}`,
        `Content-Type: ${a.contentType}; name="${a.filename}"`,
        `Content-Disposition: attachment; filename="${a.filename}"`,
        'Content-Transfer-Encoding: base64',
        '',
        a.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
      ]),
      `--${mixed}--`,
      '',
    ].join('\r\n');
  }
  if (!m.html) {
    return [
      ...headers,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64(m.text),
      '',
    ].join('\r\n');
  }
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(m.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(m.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Reads the plain-text part of an .eml written by this mailer (tests and the CLI use it). */
export function readEmlText(eml: string): { to: string; subject: string; text: string } {
  const to = /^To: (.*)$/m.exec(eml)?.[1] ?? '';
  const rawSubject = /^Subject: (.*)$/m.exec(eml)?.[1] ?? '';
  const enc = /^=\?UTF-8\?B\?(.*)\?=$/.exec(rawSubject);
  const subject = enc ? Buffer.from(enc[1], 'base64').toString('utf8') : rawSubject;
  const part =
    /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([\s\S]*?)(\r\n--|\r\n$)/.exec(
      eml,
    );
  const text = part ? Buffer.from(part[1].replace(/\r\n/g, ''), 'base64').toString('utf8') : '';
  return { to, subject, text };
}
