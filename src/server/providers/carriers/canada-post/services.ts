/**
 * Canada Post's service codes (its own, e.g. DOM.EP) and our names for them. Our serviceCode is the
 * carrier's code as is, the same codes the sandbox quotes (sandbox/canada-post.ts), so a stored rate
 * reads the same whichever adapter answered it.
 */
export type CanadaPostService = { code: string; name: string };

export const CANADA_POST_SERVICES: readonly CanadaPostService[] = [
  { code: 'DOM.RP', name: 'Regular Parcel' },
  { code: 'DOM.EP', name: 'Expedited Parcel' },
  { code: 'DOM.XP', name: 'Xpresspost' },
  { code: 'DOM.PC', name: 'Priority' },
  { code: 'USA.EP', name: 'Expedited Parcel USA' },
  { code: 'USA.XP', name: 'Xpresspost USA' },
  { code: 'USA.PW.PARCEL', name: 'Priority Worldwide parcel USA' },
  { code: 'USA.TP', name: 'Tracked Packet USA' },
  { code: 'INT.XP', name: 'Xpresspost International' },
  { code: 'INT.IP.SURF', name: 'International Parcel Surface' },
  { code: 'INT.IP.AIR', name: 'International Parcel Air' },
  { code: 'INT.PW.PARCEL', name: 'Priority Worldwide parcel' },
  { code: 'INT.TP', name: 'Tracked Packet International' },
];

const BY_CODE = new Map(CANADA_POST_SERVICES.map((s) => [s.code, s]));

/** Our service for a code Canada Post answers; a code we do not list keeps Canada Post's own name. */
export function canadaPostService(code: string, carrierName: string): CanadaPostService {
  return BY_CODE.get(code) ?? { code, name: carrierName || code };
}
