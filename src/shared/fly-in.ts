import { normalizePostalCode } from './postal-code';

/**
 * Fly-in communities: places with no year-round road to the south, which parcels reach only by air
 * (or sealift). Couriers' ground services do not go there; their air services do, more slowly.
 *
 * Source and coarseness: compiled by hand from the communities' published postal codes (Canada
 * Post assigns most northern communities one postal code each) and the territories' and provinces'
 * lists of communities without an all-weather road, not from a carrier's own file. Carriers publish
 * their "remote", "beyond" or "extended area" lists by postal code; a real adapter uses theirs and
 * this table is only what the sandbox knows. It is coarse on purpose:
 * - whole forward sortation areas where every community is fly-in (all of Nunavut; Nunavik);
 * - single postal codes inside districts that are mostly road-accessible (Yellowknife X1A, Hay River,
 *   Fort Smith, Inuvik X0E 0T0 on the Dempster and Tuktoyaktuk on its extension stay road-accessible);
 * - known gaps: winter-road communities count as fly-in (the road is open a few weeks a year), and
 *   several fly-in First Nations of northern Manitoba and Ontario are not listed yet.
 */
export const FLY_IN_FSAS: Readonly<Record<string, string>> = {
  X0A: 'Nunavut, Qikiqtaaluk (Iqaluit, Pangnirtung, Pond Inlet, …)',
  X0B: 'Nunavut, Kitikmeot (Cambridge Bay, Kugluktuk, Gjoa Haven, …)',
  X0C: 'Nunavut, Kivalliq (Rankin Inlet, Arviat, Baker Lake, …)',
  J0M: 'Nunavik, Quebec (Kuujjuaq, Puvirnituq, Inukjuak, … and Whapmagoostui)',
};

/** Fly-in communities inside districts that are otherwise reached by road: full postal codes. */
export const FLY_IN_POSTAL_CODES: Readonly<Record<string, string>> = {
  // Northwest Territories (X0E): the Sahtu, the Beaufort Delta off the Dempster, the Tłı̨chǫ lakes.
  'X0E 0A0': 'Aklavik, NT',
  'X0E 0G0': 'Délı̨nę, NT',
  'X0E 0H0': 'Fort Good Hope, NT',
  'X0E 0K0': 'Tulita, NT',
  'X0E 0S0': 'Ulukhaktok, NT',
  'X0E 0V0': 'Norman Wells, NT',
  'X0E 0Z0': 'Sachs Harbour, NT',
  'X0E 1A0': "Łutselk'e, NT",
  'X0E 1L0': 'Colville Lake, NT',
  'X0E 1N0': 'Paulatuk, NT',
  'X0E 1R0': 'Gamètì, NT',
  'X0E 1W0': 'Wekweètì, NT',
  // Yukon: the one community without a road.
  'Y0B 1N0': 'Old Crow, YT',
  // Manitoba (R0B): Churchill is reached by rail and air only.
  'R0B 0E0': 'Churchill, MB',
  // Northern Ontario: the Far North First Nations (P0V) and the James Bay coast (P0L).
  'P0V 1G0': 'Kitchenuhmaykoosib Inninuwug (Big Trout Lake), ON',
  'P0V 1L0': 'Pikangikum, ON',
  'P0V 1V0': 'Sandy Lake, ON',
  'P0V 1W0': 'Fort Severn, ON',
  'P0L 1A0': 'Attawapiskat, ON',
  'P0L 1H0': 'Fort Albany, ON',
  'P0L 1Y0': 'Moosonee, ON',
  'P0L 2H0': 'Peawanuck, ON',
  // Labrador's north coast (A0P; Happy Valley-Goose Bay, in the same district, is on the road).
  'A0P 1A0': 'Natuashish, NL',
  'A0P 1G0': 'Hopedale, NL',
  'A0P 1J0': 'Makkovik, NL',
  'A0P 1L0': 'Nain, NL',
  'A0P 1N0': 'Postville, NL',
  'A0P 1P0': 'Rigolet, NL',
};

/** True for a Canadian postal code of a fly-in community (see the table's notes on its coarseness). */
export function isFlyInPostalCode(code: string): boolean {
  const normalized = normalizePostalCode(code);
  if (!normalized) return false;
  return Object.hasOwn(FLY_IN_FSAS, normalized.slice(0, 3)) || Object.hasOwn(FLY_IN_POSTAL_CODES, normalized);
}
