/**
 * The kinds of notification mail (issue 27, decision 026): the outbox's name for each, the switch
 * that decides it (a key of the notification preferences, a column of users), and its pg-boss queue.
 */
export const MAIL_KINDS = ['receipt', 'credit_note', 'topup_receipt', 'low_balance', 'tracking'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type MailSwitch = 'receipts' | 'creditNotes' | 'topupReceipts' | 'lowBalance' | 'tracking';

export const SWITCH_OF: Record<MailKind, MailSwitch> = {
  receipt: 'receipts',
  credit_note: 'creditNotes',
  topup_receipt: 'topupReceipts',
  low_balance: 'lowBalance',
  tracking: 'tracking',
};

export const QUEUE_OF: Record<MailKind, string> = {
  receipt: 'mail.receipt',
  credit_note: 'mail.credit-note',
  topup_receipt: 'mail.topup-receipt',
  low_balance: 'mail.low-balance',
  tracking: 'mail.tracking',
};

export const isMailKind = (value: unknown): value is MailKind => (MAIL_KINDS as readonly unknown[]).includes(value);
