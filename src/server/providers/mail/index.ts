export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on notification mails). */
  headers?: Record<string, string>;
  /** Files attached (a receipt's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** Sends mail. The embedded default writes .eml files; SMTP when SMTP_URL is set. */
export type Mailer = {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
};

/**
 * Sends a message, logging instead of throwing when the mail service fails: the change that
 * triggered the mail is already committed, and the user can ask for the mail again.
 */
export async function deliverMail(
  mail: Mailer,
  log: { error(obj: object, msg: string): void },
  message: MailMessage,
): Promise<void> {
  try {
    await mail.send(message);
  } catch (err) {
    log.error({ err, to: message.to }, 'sending mail failed');
  }
}
