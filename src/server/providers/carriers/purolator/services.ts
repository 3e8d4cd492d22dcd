/**
 * Purolator's ServiceIDs and ours. Our codes are the ones the sandbox quotes (sandbox/purolator.ts),
 * so a stored rate reads the same whichever adapter answered; a Purolator service we do not list
 * keeps its ServiceID behind the PUR: prefix, which maps back unchanged.
 */
export type PurolatorService = { code: string; serviceId: string; name: string };

export const PUROLATOR_SERVICES: readonly PurolatorService[] = [
  { code: 'PUR.GROUND', serviceId: 'PurolatorGround', name: 'Purolator Ground' },
  { code: 'PUR.EXPRESS', serviceId: 'PurolatorExpress', name: 'Purolator Express' },
  { code: 'PUR.EXPRESS1030', serviceId: 'PurolatorExpress10:30AM', name: 'Purolator Express 10:30 AM' },
  { code: 'PUR.EXPRESS9AM', serviceId: 'PurolatorExpress9AM', name: 'Purolator Express 9 AM' },
  { code: 'PUR.EXPRESS12PM', serviceId: 'PurolatorExpress12PM', name: 'Purolator Express 12 PM' },
  { code: 'PUR.EXPRESSEVENING', serviceId: 'PurolatorExpressEvening', name: 'Purolator Express Evening' },
  { code: 'PUR.GROUND_US', serviceId: 'PurolatorGroundU.S.', name: 'Purolator Ground U.S.' },
  { code: 'PUR.EXPRESS_US', serviceId: 'PurolatorExpressU.S.', name: 'Purolator Express U.S.' },
  { code: 'PUR.EXPRESSINTL', serviceId: 'PurolatorExpressInternational', name: 'Purolator Express International' },
];

const OTHER_PREFIX = 'PUR:';
const BY_ID = new Map(PUROLATOR_SERVICES.map((s) => [s.serviceId, s]));
const BY_CODE = new Map(PUROLATOR_SERVICES.map((s) => [s.code, s]));

export function purolatorServiceById(serviceId: string): PurolatorService {
  return BY_ID.get(serviceId) ?? { code: `${OTHER_PREFIX}${serviceId}`, serviceId, name: serviceId };
}

/** Purolator's ServiceID for our code; null when the code is not a Purolator one. */
export function purolatorServiceId(code: string): string | null {
  const known = BY_CODE.get(code);
  if (known) return known.serviceId;
  return code.startsWith(OTHER_PREFIX) ? code.slice(OTHER_PREFIX.length) : null;
}
