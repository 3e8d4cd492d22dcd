/** The sandbox card provider's webhook deliveries: retried here when the immediate one failed. */
import type { App } from '../../deps';
import type { Job } from '../../ops/jobs';
import type { PaymentsProvider } from '../../providers/payments/index';
import type { SandboxPayments } from '../../providers/payments/sandbox';
import { deliverSandboxEvents } from './sandbox-delivery';

export function sandboxWebhooksJob(app: App, payments: PaymentsProvider | null): Job[] {
  if (payments?.name !== 'sandbox') return [];
  const sandbox = payments as SandboxPayments;
  return [
    {
      name: 'sandbox-payment-webhooks',
      everyMs: 15_000,
      async run() {
        return { delivered: await deliverSandboxEvents(app, sandbox) };
      },
    },
  ];
}
