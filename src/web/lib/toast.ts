import { useSyncExternalStore } from 'react';
import type { TextRef } from './error-message';
import { i18n } from './i18n';
import { watchControlUse } from './toast-place';

// A toast is placed off the control just used (toast-place.ts): noted from the first click on.
watchControlUse();

export type ToastVariant = 'default' | 'success' | 'destructive';

/**
 * What a toast says. Prefer a TextRef (`{ key, values }`): the toaster translates it when it renders, so
 * the toast follows a language switch. A plain string is shown as given and is closed by a switch.
 */
export type ToastText = TextRef | string;

export type ToastItem = {
  id: number;
  title: ToastText;
  description?: ToastText;
  variant: ToastVariant;
  /** The action the toast reports on (e.g. 'settings.profile.save'); see `dismissToasts`. */
  tag?: string;
  /** A button in the toast (e.g. "Download customs forms (PDF)"); the toast closes when it is used. */
  action?: ToastAction;
  /** How long it stays, in ms, when it is not the toaster's 5000 (a toast with an action stays longer). */
  duration?: number;
  open: boolean;
};

export type ToastAction = { label: TextRef; onClick: () => void; testId?: string };

// Spec §9: at most one toast at once; removed 1000000 ms after dismissal.
const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const l of listeners) l();
}

/** Shows a toast; the Radix toaster (loaded lazily) renders it. */
export function toast(input: {
  title: ToastText;
  description?: ToastText;
  variant?: ToastVariant;
  tag?: string;
  action?: ToastAction;
  duration?: number;
}): number {
  const id = nextId++;
  emit(
    [
      {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        tag: input.tag,
        action: input.action,
        duration: input.duration,
        open: true,
      },
      ...toasts,
    ].slice(0, TOAST_LIMIT),
  );
  return id;
}

function close(predicate: (item: ToastItem) => boolean): void {
  const closing = toasts.filter((t) => t.open && predicate(t)).map((t) => t.id);
  if (closing.length === 0) return;
  emit(toasts.map((t) => (closing.includes(t.id) ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => !closing.includes(t.id))), REMOVE_DELAY_MS);
}

export function dismissToast(id: number): void {
  close((t) => t.id === id);
}

/**
 * Closes the toasts of one action: call it when the action is tried again, so a failure toast does not
 * outlive the retry that answered otherwise. Without a tag, closes every toast.
 */
export function dismissToasts(tag?: string): void {
  close((t) => tag === undefined || t.tag === tag);
}

// A toast given as plain text cannot follow a language switch: close it rather than show the old language.
i18n.on('languageChanged', () => close((t) => typeof t.title === 'string' || typeof t.description === 'string'));

/** The toasts now (open and closing); `useToasts` in components. */
export function getToasts(): ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
