import { SmsError, type SmsMessage, type SmsSender } from './index';

/**
 * Twilio's Programmable Messaging REST API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded `To`, `From`, `Body`, HTTP basic auth with the account SID and auth token. A refusal
 * answers JSON `{ code, message, status }`; 21211 / 21614 are numbers that cannot take a message.
 */
export function createTwilioSms(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  /** Tests point it at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): SmsSender {
  const base = (opts.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: 'twilio',
    async send(message: SmsMessage) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: message.to, From: opts.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsError(`Twilio could not be reached: ${(err as Error).message}`, 'unavailable');
      }
      if (response.ok) return;
      let detail: { code?: number; message?: string } = {};
      try {
        detail = (await response.json()) as typeof detail;
      } catch {
        // not JSON: the status says enough
      }
      const text = `Twilio answered ${response.status}${detail.code ? ` (${detail.code})` : ''}: ${detail.message ?? response.statusText}`;
      if (response.status === 429 || response.status >= 500) throw new SmsError(text, 'unavailable', response.status);
      if (detail.code === 21211 || detail.code === 21614 || detail.code === 21610) {
        throw new SmsError(text, 'invalid_number', response.status);
      }
      throw new SmsError(text, 'rejected', response.status);
    },
  };
}
