/**
 * The SQLSTATE of a database error, from PGlite's or pg's error or from the driver's error that
 * drizzle wraps (`cause`); null when the error carries none.
 */
export function sqlStateOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
