import { ApiError } from './api-client';
import type { TApiError } from '../../shared/errors';

/** The file name a Content-Disposition header gives, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m?.[1]?.trim() || fallback;
}

/**
 * GETs a file the API answers (a receipt PDF, a statement CSV) with the session cookie and saves it
 * under the server's file name. Throws ApiError on a refused call, like the JSON client.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await fetch(path, { method: 'GET', credentials: 'include' });
  if (!res.ok) {
    const text = await res.text();
    let parsed: Partial<TApiError> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Partial<TApiError>) : null;
    } catch {
      parsed = null;
    }
    throw new ApiError(res.status, text, parsed, res.statusText, res.headers.get('retry-after'));
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
