/**
 * POST /api/bulk-imports as multipart/form-data (decision 038): the CSV in the form field `file`
 * (and, when the columns are chosen, the mapping as JSON in the field `mapping`) is read before
 * validation into the same body the JSON call takes (`{ filename, csvBase64, mapping? }`), so one
 * contract checks both. A file over 5 MB answers 413 naming `file`; a part under any other name,
 * or no file, 400 naming `file`. Multipart is what a cross-site HTML form can send, so besides the
 * app's Origin rule (a sent Origin must be ours) this request must carry an Origin at all.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { BULK_LIMITS } from '../../../shared/contracts/bulk-imports';

/** Limits for the multipart parser: one file of at most 5 MB, one small text field. */
export const BULK_MULTIPART_LIMITS = {
  fileSize: BULK_LIMITS.bytes,
  files: 1,
  fields: 1,
  parts: 2,
  fieldSize: 64 * 1024,
  headerPairs: 100,
} as const;

const tooLarge = () =>
  new AppError(413, 'The file must be at most 5 MB', ErrorCode.PAYLOAD_TOO_LARGE, {
    file: ['The file must be at most 5 MB'],
  });
const wrongField = (name: string) =>
  badRequest('file', `Send the CSV in the form field 'file' (got '${name.slice(0, 50)}')`);

const code = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Turns a multipart upload into the JSON body's shape; leaves any other request as it is. */
export async function readMultipartUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  if (typeof request.headers.origin !== 'string') {
    throw new AppError(403, 'Cross-site request refused', ErrorCode.CSRF_REJECTED);
  }
  let file: { filename: string; bytes: Buffer } | null = null;
  let mapping: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw wrongField(part.fieldname);
        }
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'mapping') {
        try {
          mapping = JSON.parse(String(part.value));
        } catch {
          throw badRequest('mapping', 'mapping must be JSON');
        }
      } else {
        throw wrongField(part.fieldname);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (code(error) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code(error) === 'FST_FILES_LIMIT' || code(error) === 'FST_PARTS_LIMIT' || code(error) === 'FST_FIELDS_LIMIT') {
      throw badRequest('file', 'Send one CSV file in the form field \u2018file\u2019');
    }
    // A body the parser cannot read at all (no boundary in the Content-Type, a malformed header).
    if (
      error instanceof Error &&
      /^Multipart: |^Unsupported Content-Type|unexpected end of multipart data/i.test(error.message)
    ) {
      throw badRequest(
        'file',
        'The upload could not be read: send the CSV as multipart/form-data in the field \u2018file\u2019',
      );
    }
    throw error;
  }
  if (!file) throw badRequest('file', 'Choose a CSV file');
  if (file.bytes.length > BULK_LIMITS.bytes) throw tooLarge();
  request.body = {
    // The browser's file name, kept to the JSON call's 255 characters (its end: the extension).
    filename: (file.filename || 'upload.csv').slice(-255),
    csvBase64: file.bytes.toString('base64'),
    ...(mapping !== undefined ? { mapping } : {}),
  };
}

/** A problem the service found with the file (`csv`/`csvBase64`) named after the upload's field, `file`. */
export function asFileFieldError(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const { csv, csvBase64, ...rest } = error.fieldErrors;
  const file = [...(csv ?? []), ...(csvBase64 ?? [])];
  if (file.length === 0) return error;
  return new AppError(error.statusCode, error.message, error.code, { ...rest, file }, error.headers, error.extra);
}
