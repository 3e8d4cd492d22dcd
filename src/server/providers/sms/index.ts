/** One text message: `to` in E.164 (+14165550100), `body` as it is sent. */
export type SmsMessage = { to: string; body: string };

/** Why a provider refused a message: `invalid_number` (no retry helps) or `unavailable` (try again later). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid_number' | 'rejected' | 'unavailable',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/**
 * Sends text messages (issue 27). The embedded default (`sandbox`) writes one file per message in
 * the SMS outbox; `twilio` (live) when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set.
 */
export type SmsSender = {
  kind: 'sandbox' | 'twilio';
  send(message: SmsMessage): Promise<void>;
};
