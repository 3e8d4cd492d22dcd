import type { Transporter } from 'nodemailer';
import type { Mailer } from './index';

export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  // nodemailer loads on the first message, so start-up without SMTP does not pay for it.
  let transport: Promise<Transporter> | null = null;
  const getTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(opts.url)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await getTransport()).sendMail({ from: opts.from, ...message });
    },
  };
}
