import type { App } from '../../deps';
import type { SandboxPayments } from '../../providers/payments/sandbox';

/**
 * Delivers the sandbox's due webhook events to this app's own webhook endpoint, through the whole
 * HTTP pipeline (routing, raw body, signature check) but without a network hop, as the provider
 * would from outside. Answers how many were delivered.
 */
export async function deliverSandboxEvents(app: App, sandbox: SandboxPayments): Promise<number> {
  return sandbox.deliverDueEvents(async (rawBody, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signature,
        'user-agent': 'Voyageur-Sandbox-Payments/1.0',
      },
      payload: rawBody,
    });
    return res.statusCode === 200;
  });
}
