import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';
export type ToastItem = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
};

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
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  emit(
    [
      {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        open: true,
      },
      ...toasts,
    ].slice(0, TOAST_LIMIT),
  );
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
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
