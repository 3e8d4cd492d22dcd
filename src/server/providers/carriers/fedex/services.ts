/**
 * FedEx service types (Rate/Ship API `serviceType`) offered from Canada, mapped to our serviceCode.
 * The sandbox (sandbox/fedex.ts) named three of them before there was a real adapter; those keep
 * their codes so that rules and shipments stay attached. Others are `FDX.` + the FedEx type.
 * FedEx Economy in Canada is the FEDEX_EXPRESS_SAVER type (FedEx rate answer: serviceName "FedEx Economy").
 */
export const FEDEX_SERVICES: readonly { serviceType: string; code: string; name: string }[] = [
  { serviceType: 'FEDEX_GROUND', code: 'FDX.GROUND', name: 'FedEx Ground' },
  { serviceType: 'FEDEX_EXPRESS_SAVER', code: 'FDX.ECONOMY', name: 'FedEx Economy' },
  { serviceType: 'PRIORITY_OVERNIGHT', code: 'FDX.PRIORITY_OVERNIGHT', name: 'FedEx Priority Overnight' },
  { serviceType: 'STANDARD_OVERNIGHT', code: 'FDX.STANDARD_OVERNIGHT', name: 'FedEx Standard Overnight' },
  { serviceType: 'FIRST_OVERNIGHT', code: 'FDX.FIRST_OVERNIGHT', name: 'FedEx First Overnight' },
  { serviceType: 'FEDEX_2_DAY', code: 'FDX.FEDEX_2_DAY', name: 'FedEx 2Day' },
  { serviceType: 'INTERNATIONAL_ECONOMY', code: 'FDX.INTERNATIONAL_ECONOMY', name: 'FedEx International Economy' },
  {
    serviceType: 'FEDEX_INTERNATIONAL_PRIORITY',
    code: 'FDX.INTERNATIONAL_PRIORITY',
    name: 'FedEx International Priority',
  },
  { serviceType: 'INTERNATIONAL_FIRST', code: 'FDX.INTERNATIONAL_FIRST', name: 'FedEx International First' },
];

/**
 * FedEx Ground across the border is FedEx International Ground: the same FEDEX_GROUND type (FedEx's
 * rate answer names it "FedEx International Ground®"), our code the sandbox's for it.
 */
const INTERNATIONAL_GROUND = {
  serviceType: 'FEDEX_GROUND',
  code: 'FDX.INTERNATIONAL_GROUND',
  name: 'FedEx International Ground',
};

/** Our serviceCode for a FedEx service type (to a receiver in `toCountry`). */
export function fedexServiceCode(serviceType: string, toCountry = 'CA'): string {
  if (serviceType === INTERNATIONAL_GROUND.serviceType && toCountry !== 'CA') return INTERNATIONAL_GROUND.code;
  return FEDEX_SERVICES.find((s) => s.serviceType === serviceType)?.code ?? `FDX.${serviceType}`;
}

/** The FedEx service type inside our serviceCode, or null when it is not a FedEx one. */
export function fedexServiceType(serviceCode: string): string | null {
  if (serviceCode === INTERNATIONAL_GROUND.code) return INTERNATIONAL_GROUND.serviceType;
  const known = FEDEX_SERVICES.find((s) => s.code === serviceCode);
  if (known) return known.serviceType;
  const m = /^FDX\.([A-Z0-9_]+)$/.exec(serviceCode);
  return m ? m[1]! : null;
}

export function fedexServiceName(serviceType: string, carrierName?: string, toCountry = 'CA'): string {
  if (serviceType === INTERNATIONAL_GROUND.serviceType && toCountry !== 'CA') return INTERNATIONAL_GROUND.name;
  return FEDEX_SERVICES.find((s) => s.serviceType === serviceType)?.name ?? carrierName ?? serviceType;
}
