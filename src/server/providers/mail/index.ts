export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/** Sends mail. The embedded default writes .eml files; SMTP when SMTP_URL is set. */
export type Mailer = {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
};
