import { useCallback, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api-client';
import type { TextRef } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useLabelFormat } from '../../lib/queries/parcels';

/**
 * What a label is asked for by: the order code in preference to the tracking number (spec §3); the
 * receiver's country (or the customs declaration) tells whether the PDF carries customs pages.
 */
export type LabelTarget = {
  orderCode?: string | null;
  trackingNumber?: string | null;
  toAddress?: { country?: string | null } | null;
  customs?: unknown;
};

/**
 * Whether the shipment leaves Canada, so its PDF holds customs forms after the label (decision 036)
 * that a ZPL label does not: by the receiver's country, else by its customs declaration.
 */
export function leavesCanada(target: LabelTarget | string | null | undefined): boolean {
  if (!target || typeof target === 'string') return false;
  const country = target.toAddress?.country?.trim().toUpperCase();
  if (country) return country !== 'CA';
  return target.customs !== null && target.customs !== undefined;
}

export type LabelAction = 'print' | 'download';

/** The reference print-label is called with, or null when the shipment has neither. */
export function labelRef(target: LabelTarget | string | null | undefined): string | null {
  if (typeof target === 'string') return target.trim() || null;
  return target?.orderCode?.trim() || target?.trackingNumber?.trim() || null;
}

/** The answer of POST /api/shipments/print-label/{ref}, as loosely as the spec has it (§3 Label response). */
type LabelAnswer = {
  success?: unknown;
  base64?: unknown;
  mimeType?: unknown;
  trackingNumber?: unknown;
  error?: unknown;
  message?: unknown;
};

type ValidLabel = { base64: string; mimeType: string; trackingNumber: string };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Spec §5: a label response is valid only with success, base64 and mimeType. */
export function validLabel(answer: LabelAnswer | null | undefined): ValidLabel | null {
  if (!answer || answer.success !== true) return null;
  const base64 = text(answer.base64);
  const mimeType = text(answer.mimeType);
  if (!base64 || !mimeType) return null;
  return { base64, mimeType, trackingNumber: text(answer.trackingNumber) ?? '' };
}

/**
 * Spec §7: label-{trackingNumber} with .pdf for application/pdf, .jpg for image/jpeg, else .png;
 * ZPL II (application/zpl, decision 038) is saved as .zpl.
 */
export function labelFileName(trackingNumber: string, mimeType: string): string {
  const ext =
    mimeType === 'application/pdf'
      ? 'pdf'
      : mimeType === 'image/jpeg'
        ? 'jpg'
        : mimeType === 'application/zpl'
          ? 'zpl'
          : 'png';
  const safe = trackingNumber.replace(/[^A-Za-z0-9._-]+/g, '') || 'shipment';
  return `label-${safe}.${ext}`;
}

/** Object URLs are released this long after use (spec §9). */
export const PRINT_URL_RELEASE_MS = 3000;
export const DOWNLOAD_URL_RELEASE_MS = 1000;

function toBlob(label: ValidLabel): Blob {
  const binary = atob(label.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: label.mimeType });
}

/** Prints from a hidden frame: the fallback when the browser refuses a new window. */
function printInFrame(url: string): void {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.onload = () => frame.contentWindow?.print();
  frame.src = url;
  document.body.appendChild(frame);
  setTimeout(() => frame.remove(), 60_000);
}

/** Opens the label in a new window and prints it; the URL is released 3 s later. */
function printLabel(label: ValidLabel): void {
  const url = URL.createObjectURL(toBlob(label));
  setTimeout(() => URL.revokeObjectURL(url), PRINT_URL_RELEASE_MS);
  const win = window.open(url, '_blank');
  if (!win) {
    printInFrame(url);
    return;
  }
  win.addEventListener('load', () => win.print(), { once: true });
}

/** Saves the label as label-{trackingNumber}.pdf; the URL is released 1 s later. Returns the file name. */
function downloadLabel(label: ValidLabel, fallbackName: string): string {
  const name = labelFileName(label.trackingNumber || fallbackName, label.mimeType);
  const url = URL.createObjectURL(toBlob(label));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_RELEASE_MS);
  return name;
}

const TAG = 'labels';

function errorToast(action: LabelAction, description: TextRef): void {
  toast({
    title: { key: action === 'print' ? 'labels.printError' : 'labels.downloadError' },
    description,
    variant: 'destructive',
    tag: TAG,
  });
}

/** The text of a refused label call: ours by status, the server's own message in English (spec §8). */
function refusedText(error: unknown): TextRef {
  if (!isApiError(error)) return { key: 'labels.invalidData' };
  const key =
    error.status === 404
      ? 'labels.notFound'
      : error.status === 409
        ? 'labels.voided'
        : error.status === 401
          ? 'errors.codes.UNAUTHENTICATED'
          : error.status === 429 || error.status === 503
            ? 'labels.busy'
            : 'labels.invalidData';
  return { key, raw: error.message || undefined };
}

/**
 * Label print and download (spec §7, §8): one call per click, the clicked reference marked pending
 * (its buttons disabled) until the label is handed to the browser, and a toast for every failure.
 */
export function useLabelActions() {
  // Download saves the user's default format (PDF or ZPL, decision 038); print is always the PDF.
  const labelFormat = useLabelFormat();
  const [pending, setPending] = useState<Readonly<Record<string, LabelAction>>>({});
  const running = useRef(new Set<string>());
  // The toast's "customs forms (PDF)" action runs the latest `run` (the toast outlives a render).
  const runRef = useRef<
    (action: LabelAction, target: LabelTarget | string | null | undefined, format?: 'pdf') => Promise<void>
  >(async () => {});

  const run = useCallback(
    async (action: LabelAction, target: LabelTarget | string | null | undefined, format?: 'pdf') => {
      const ref = labelRef(target);
      if (!ref) {
        toast({
          title: { key: 'labels.noTrackingNumber' },
          description: { key: 'labels.noTrackingNumberHint' },
          variant: 'destructive',
          tag: TAG,
        });
        return;
      }
      if (running.current.has(ref)) return;
      running.current.add(ref);
      setPending((p) => ({ ...p, [ref]: action }));
      try {
        let answer: LabelAnswer;
        const url = `/api/shipments/print-label/${encodeURIComponent(ref)}`;
        const zpl = action === 'download' && labelFormat === 'zpl' && format !== 'pdf';
        let pdfInstead = false;
        try {
          try {
            answer = await api.post<LabelAnswer>(zpl ? `${url}?format=zpl` : url);
          } catch (error) {
            // A real carrier's label that cannot be had as ZPL (409), or not right now (502): save its
            // PDF and say so. A voided label answers 409 to the PDF too, and says that.
            if (!zpl || !isApiError(error) || (error.status !== 409 && error.status !== 502)) throw error;
            answer = await api.post<LabelAnswer>(url);
            pdfInstead = true;
          }
        } catch (error) {
          if (isApiError(error) || error instanceof SyntaxError) {
            errorToast(action, refusedText(error));
          } else {
            toast({
              title: { key: action === 'print' ? 'labels.fetchPrintError' : 'labels.fetchDownloadError' },
              description: { key: 'labels.fetchErrorHint' },
              variant: 'destructive',
              tag: TAG,
            });
          }
          return;
        }
        const label = validLabel(answer);
        if (!label) {
          const said = text(answer?.message) ?? text(answer?.error);
          errorToast(action, { key: 'labels.invalidData', raw: said });
          return;
        }
        try {
          if (action === 'print') {
            printLabel(label);
          } else {
            const name = downloadLabel(label, typeof target === 'object' ? (target?.trackingNumber ?? ref) : ref);
            // A ZPL label is the label alone: the customs forms of a parcel leaving Canada are in the PDF.
            const customsInPdf = zpl && !pdfInstead && label.mimeType === 'application/zpl' && leavesCanada(target);
            toast({
              title: { key: 'labels.downloadStarted' },
              description: pdfInstead
                ? { key: 'labelFormat.pdfInstead', values: { name } }
                : customsInPdf
                  ? { key: 'labelFormat.customsInPdf', values: { name } }
                  : { key: 'labels.downloadStartedHint', values: { name } },
              variant: 'success',
              tag: TAG,
              ...(customsInPdf
                ? {
                    duration: 20_000,
                    action: {
                      label: { key: 'labelFormat.customsPdf' },
                      onClick: () => void runRef.current('download', target, 'pdf'),
                      testId: 'label-customs-pdf',
                    },
                  }
                : {}),
            });
          }
        } catch {
          toast({
            title: { key: action === 'print' ? 'labels.preparePrintError' : 'labels.prepareDownloadError' },
            description: { key: 'labels.prepareErrorHint' },
            variant: 'destructive',
            tag: TAG,
          });
        }
      } finally {
        running.current.delete(ref);
        setPending((p) => {
          const next = { ...p };
          delete next[ref];
          return next;
        });
      }
    },
    [labelFormat],
  );
  runRef.current = run;

  const print = useCallback((target: LabelTarget | string | null | undefined) => run('print', target), [run]);
  const download = useCallback((target: LabelTarget | string | null | undefined) => run('download', target), [run]);
  const refs = Object.keys(pending);

  return {
    print,
    download,
    /** A reference whose label is being fetched (the latest), or null. */
    pendingRef: refs.length ? refs[refs.length - 1]! : null,
    /** Which action is running for this shipment's reference, if any. */
    pendingAction: (target: LabelTarget | string | null | undefined): LabelAction | null => {
      const ref = labelRef(target);
      return ref ? (pending[ref] ?? null) : null;
    },
  };
}
