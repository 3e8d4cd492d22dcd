/**
 * The sandbox's tracking schedule: where a parcel is and when, computed from its purchase, ship
 * date, estimated delivery and both ends. Pure and deterministic, so every process (and every
 * test) derives the same events; the tracking job stores them as they fall due.
 *
 *   Label created     at the purchase, origin city ('Shipment information received')
 *   Picked up         17:00 Toronto on the pickup day, origin city ('Picked up by <Carrier>')
 *   In transit        3 h later, the origin district's sorting hub ('Arrived at <hub> sorting facility')
 *   Out for delivery  08:00 Toronto on the estimated delivery day, destination city
 *   Delivered         14:00 Toronto the same day, destination city
 *
 * One event per status (tracking_events is UNIQUE (shipment_id, status)): the in-transit step is
 * the first hub scan, at the origin hub; the destination hub does not get an event of its own.
 * Business days only (weekends skipped, as the rating engine's transit days are).
 */
import type { TrackingEvent } from '../index';
import { addBusinessDays } from './engine';

export type ScheduleEnd = { city: string; province: string; postalCode: string; country: string };

export type ScheduleInput = {
  /** Display name, e.g. 'UPS', for 'Picked up by UPS'. */
  carrierName: string;
  purchasedAt: Date;
  /** YYYY-MM-DD, the day the parcel is handed over (Toronto calendar). */
  shipDate: string;
  /** YYYY-MM-DD, from the service's transit days. */
  estimatedDelivery: string;
  from: ScheduleEnd;
  to: ScheduleEnd;
};

/** A pickup is same-day when bought before this time (minutes after midnight, Toronto) on a business day. */
export const PICKUP_CUTOFF_MINUTES = 15 * 60;
const PICKUP_HOUR = 17;
const HUB_DELAY_MS = 3 * 3600_000;
const OUT_FOR_DELIVERY_HOUR = 8;
const DELIVERED_HOUR = 14;
const MIN_GAP_MS = 3600_000;

/** The sorting hub of each postal district (first letter of the postal code). */
export const DISTRICT_HUBS: Readonly<Record<string, { city: string; province: string }>> = {
  A: { city: "St. John's", province: 'NL' },
  B: { city: 'Halifax', province: 'NS' },
  C: { city: 'Charlottetown', province: 'PE' },
  E: { city: 'Moncton', province: 'NB' },
  G: { city: 'Québec', province: 'QC' },
  H: { city: 'Montréal', province: 'QC' },
  J: { city: 'Montréal', province: 'QC' },
  K: { city: 'Ottawa', province: 'ON' },
  L: { city: 'Mississauga', province: 'ON' },
  M: { city: 'Mississauga', province: 'ON' },
  N: { city: 'London', province: 'ON' },
  P: { city: 'Sudbury', province: 'ON' },
  R: { city: 'Winnipeg', province: 'MB' },
  S: { city: 'Regina', province: 'SK' },
  T: { city: 'Calgary', province: 'AB' },
  V: { city: 'Richmond', province: 'BC' },
  X: { city: 'Yellowknife', province: 'NT' },
  Y: { city: 'Whitehorse', province: 'YT' },
};

/** The hub serving a Canadian postal code, or null (another country, unknown district). */
export function hubOf(end: Pick<ScheduleEnd, 'postalCode' | 'country'>): { city: string; province: string } | null {
  if (end.country !== 'CA') return null;
  return DISTRICT_HUBS[end.postalCode.trim().charAt(0).toUpperCase()] ?? null;
}

/** 'City, PR' (and the country when it is not Canada). */
export function placeOf(end: Pick<ScheduleEnd, 'city' | 'province' | 'country'>): string {
  const parts = [end.city.trim(), end.province.trim()];
  if (end.country !== 'CA') parts.push(end.country);
  return parts.filter(Boolean).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Toronto calendar

const torontoFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function torontoParts(d: Date): { date: string; minutes: number; wallMs: number } {
  const p = Object.fromEntries(torontoFormat.formatToParts(d).map((x) => [x.type, x.value]));
  const wallMs = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: +p.hour! * 60 + +p.minute!, wallMs };
}

/** The instant it is hh:00 in Toronto on that day. */
export function torontoTime(isoDate: string, hour: number): Date {
  const wall = Date.parse(`${isoDate}T${String(hour).padStart(2, '0')}:00:00Z`);
  // Toronto is UTC−5 or UTC−4: correct a first guess by the offset found there, then check once.
  let t = wall + 5 * 3600_000;
  for (let i = 0; i < 2; i++) t += wall - torontoParts(new Date(t)).wallMs;
  return new Date(t);
}

const isBusinessDay = (isoDate: string) => addBusinessDays(isoDate, 0) === isoDate;

function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The first business day after `isoDate`. */
const nextBusinessDay = (isoDate: string) => addBusinessDays(nextDay(isoDate), 0);

/** The day of the pickup: the purchase day if bought before the cutoff on a business day, never before the ship date. */
export function pickupDay(purchasedAt: Date, shipDate: string): string {
  const bought = torontoParts(purchasedAt);
  const fromPurchase =
    isBusinessDay(bought.date) && bought.minutes < PICKUP_CUTOFF_MINUTES ? bought.date : nextBusinessDay(bought.date);
  const fromShipDate = addBusinessDays(shipDate, 0);
  return fromShipDate > fromPurchase ? fromShipDate : fromPurchase;
}

// ---------------------------------------------------------------------------------------------

/** Every event of the shipment's journey, oldest first, one per status. */
export function trackingSchedule(input: ScheduleInput): TrackingEvent[] {
  const origin = placeOf(input.from);
  const destination = placeOf(input.to);
  const events: TrackingEvent[] = [
    {
      status: 'label_created',
      description: 'Shipment information received',
      location: origin,
      occurredAt: new Date(input.purchasedAt.getTime()),
    },
  ];
  const pickedUpAt = torontoTime(pickupDay(input.purchasedAt, input.shipDate), PICKUP_HOUR);
  events.push({
    status: 'picked_up',
    description: `Picked up by ${input.carrierName}`,
    location: origin,
    occurredAt: pickedUpAt,
  });
  const hub = hubOf(input.from);
  events.push({
    status: 'in_transit',
    description: hub ? `Arrived at ${hub.city} sorting facility` : 'In transit',
    location: hub ? placeOf({ ...hub, country: 'CA' }) : origin,
    occurredAt: new Date(pickedUpAt.getTime() + HUB_DELAY_MS),
  });
  // The estimated day, or (when the pickup came later than the ship date planned) the first
  // business morning at least an hour after the hub scan.
  const earliest = events.at(-1)!.occurredAt.getTime() + MIN_GAP_MS;
  let deliveryDay = addBusinessDays(input.estimatedDelivery, 0);
  while (torontoTime(deliveryDay, OUT_FOR_DELIVERY_HOUR).getTime() < earliest)
    deliveryDay = nextBusinessDay(deliveryDay);
  events.push({
    status: 'out_for_delivery',
    description: 'Out for delivery',
    location: destination,
    occurredAt: torontoTime(deliveryDay, OUT_FOR_DELIVERY_HOUR),
  });
  events.push({
    status: 'delivered',
    description: 'Delivered',
    location: destination,
    occurredAt: torontoTime(deliveryDay, DELIVERED_HOUR),
  });
  return events;
}

/** The events that have happened by `now`, oldest first. */
export function eventsAt(schedule: readonly TrackingEvent[], now: Date): TrackingEvent[] {
  return schedule.filter((e) => e.occurredAt.getTime() <= now.getTime());
}
