import nodemailer from 'nodemailer';
import type { Mailer } from './index';

export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: opts.from, ...message });
    },
  };
}
