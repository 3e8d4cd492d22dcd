/**
 * Sandbox services for parcels leaving Canada (issue 25, decision 029): each carrier's US and
 * international services, priced from export zones and tables calibrated on the carriers' public
 * retail figures (docs/rates-calibration-export.md).
 *
 * Export zones (table rows of a 'world' service):
 *   0 the contiguous United States and DC   1 Alaska, Hawaii, the territories and the forces' post
 *   2 Europe, the United Kingdom and Mexico  3 the rest of the world
 * A 'us' service has rows 0–1; an 'intl' service rows 2–3 (read as its rows 0–1).
 */
import type { QuoteRequest } from '../index';
import type { RateTable, ServiceDef } from './engine';

export const EXPORT_ZONES = ['us', 'us-remote', 'europe-mexico', 'world'] as const;

const US_REMOTE = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP', 'AA', 'AE', 'AP']);
const EUROPE_MEXICO = new Set([
  'GB', 'IE', 'FR', 'DE', 'NL', 'BE', 'LU', 'CH', 'AT', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI',
  'IS', 'PL', 'CZ', 'SK', 'HU', 'SI', 'HR', 'GR', 'RO', 'BG', 'EE', 'LV', 'LT', 'MT', 'CY', 'MC',
  'LI', 'AD', 'SM', 'VA', 'MX',
]); // prettier-ignore

/** Export zone row (0–3) of a shipment from Canada; null when it stays in Canada. */
export function exportRow(req: QuoteRequest): number | null {
  if (req.from.country !== 'CA' || req.to.country === 'CA') return null;
  if (req.to.country === 'US') return US_REMOTE.has(req.to.province) ? 1 : 0;
  return EUROPE_MEXICO.has(req.to.country) ? 2 : 3;
}

/**
 * Ground to the US (Canada's couriers' trans-border ground services), CAD cents at 1, 2, 5, 10 kg
 * before fuel: row 0 contiguous US, row 1 Alaska, Hawaii and the territories.
 */
export const EXPORT_GROUND_US_TABLE: RateTable = [
  [3100, 3600, 5100, 7600],
  [4600, 5400, 7700, 11400],
];

/** Courier air export (UPS Worldwide Expedited level), CAD cents at 1, 2, 5, 10 kg before fuel, by export zone. */
export const EXPORT_AIR_TABLE: RateTable = [
  [7800, 9300, 13500, 20500],
  [8800, 10500, 15500, 23500],
  [11000, 13500, 21000, 34000],
  [12500, 15500, 25000, 41000],
];

/** DHL Express Worldwide export from Canada, by export zone. */
export const DHL_EXPORT_TABLE: RateTable = [
  [6500, 7800, 11500, 17500],
  [7200, 8600, 12700, 19300],
  [8600, 10700, 16800, 27700],
  [9500, 11800, 18500, 30500],
];

/** Canada Post's US and international parcel services (2025 retail, before fuel). */
export const CANADA_POST_EXPORT_TABLES = {
  trackedPacketUsa: [
    [2350, 3100, 5350, 9100],
    [2350, 3100, 5350, 9100],
  ],
  expeditedUsa: [
    [2900, 3450, 5100, 7800],
    [3600, 4300, 6400, 9800],
  ],
  xpresspostUsa: [
    [4400, 5400, 8200, 12500],
    [5000, 6200, 9400, 14400],
  ],
  priorityWorldwideUsa: [
    [8900, 10400, 14500, 21000],
    [9800, 11500, 16000, 23000],
  ],
  internationalParcelAir: [
    [4200, 6300, 12500, 22500],
    [4800, 7500, 15500, 28500],
  ],
  priorityWorldwideIntl: [
    [11500, 14500, 23000, 38000],
    [13500, 17500, 28500, 47000],
  ],
} satisfies Record<string, RateTable>;

type ExportService = Omit<ServiceDef, 'flyInExtraDays' | 'dimDivisor'> &
  Partial<Pick<ServiceDef, 'flyInExtraDays' | 'dimDivisor'>>;

/** An export service with the defaults: air dimensional divisor, fly-in origins reached (+2 days). */
export function exportService(s: ExportService): ServiceDef {
  return { dimDivisor: 5000, flyInExtraDays: 2, ...s };
}

export const CANADA_POST_EXPORT: readonly ServiceDef[] = [
  exportService({
    code: 'USA.TP',
    name: 'Tracked Packet USA',
    lane: 'us',
    maxWeightKg: 2,
    table: CANADA_POST_EXPORT_TABLES.trackedPacketUsa,
    multiplierBp: 10_000,
    transitDays: [6, 8],
    flyInExtraDays: 4,
  }),
  exportService({
    code: 'USA.EP',
    name: 'Expedited Parcel USA',
    lane: 'us',
    table: CANADA_POST_EXPORT_TABLES.expeditedUsa,
    multiplierBp: 10_000,
    transitDays: [5, 7],
    flyInExtraDays: 3,
  }),
  exportService({
    code: 'USA.XP',
    name: 'Xpresspost USA',
    lane: 'us',
    table: CANADA_POST_EXPORT_TABLES.xpresspostUsa,
    multiplierBp: 10_000,
    transitDays: [3, 5],
  }),
  exportService({
    code: 'USA.PW.PARCEL',
    name: 'Priority Worldwide USA',
    lane: 'us',
    table: CANADA_POST_EXPORT_TABLES.priorityWorldwideUsa,
    multiplierBp: 10_000,
    transitDays: [2, 3],
  }),
  exportService({
    code: 'INT.IP.AIR',
    name: 'International Parcel Air',
    lane: 'intl',
    table: CANADA_POST_EXPORT_TABLES.internationalParcelAir,
    multiplierBp: 10_000,
    transitDays: [8, 12],
    flyInExtraDays: 4,
  }),
  exportService({
    code: 'INT.PW.PARCEL',
    name: 'Priority Worldwide International',
    lane: 'intl',
    table: CANADA_POST_EXPORT_TABLES.priorityWorldwideIntl,
    multiplierBp: 10_000,
    transitDays: [3, 5],
  }),
];

export const UPS_EXPORT: readonly ServiceDef[] = [
  exportService({
    code: 'UPS.11.US',
    name: 'UPS Standard to the U.S.',
    lane: 'us',
    table: EXPORT_GROUND_US_TABLE,
    multiplierBp: 10_000,
    dimDivisor: 6000,
    transitDays: [4, 7],
    flyInExtraDays: null,
    fuelBp: 2300,
  }),
  exportService({
    code: 'UPS.08',
    name: 'UPS Worldwide Expedited',
    lane: 'world',
    table: EXPORT_AIR_TABLE,
    multiplierBp: 10_000,
    transitDays: [3, 4, 5, 6],
    fuelBp: 2600,
  }),
  exportService({
    code: 'UPS.65',
    name: 'UPS Worldwide Express Saver',
    lane: 'world',
    table: EXPORT_AIR_TABLE,
    multiplierBp: 11_500,
    transitDays: [1, 2, 2, 3],
    fuelBp: 2600,
  }),
];

export const FEDEX_EXPORT: readonly ServiceDef[] = [
  exportService({
    code: 'FDX.INTERNATIONAL_GROUND',
    name: 'FedEx International Ground',
    lane: 'us',
    table: EXPORT_GROUND_US_TABLE,
    multiplierBp: 9700,
    transitDays: [4, 7],
    flyInExtraDays: null,
  }),
  exportService({
    code: 'FDX.INTERNATIONAL_ECONOMY',
    name: 'FedEx International Economy',
    lane: 'world',
    table: EXPORT_AIR_TABLE,
    multiplierBp: 10_200,
    transitDays: [3, 4, 5, 6],
  }),
  exportService({
    code: 'FDX.INTERNATIONAL_PRIORITY',
    name: 'FedEx International Priority',
    lane: 'world',
    table: EXPORT_AIR_TABLE,
    multiplierBp: 12_000,
    transitDays: [1, 2, 2, 3],
  }),
];

export const PUROLATOR_EXPORT: readonly ServiceDef[] = [
  exportService({
    code: 'PUR.GROUND_US',
    name: 'Purolator Ground U.S.',
    lane: 'us',
    table: EXPORT_GROUND_US_TABLE,
    multiplierBp: 10_500,
    transitDays: [4, 7],
    flyInExtraDays: null,
  }),
  exportService({
    code: 'PUR.EXPRESS_US',
    name: 'Purolator Express U.S.',
    lane: 'us',
    table: EXPORT_AIR_TABLE.slice(0, 2),
    multiplierBp: 9500,
    transitDays: [2, 3],
  }),
];
