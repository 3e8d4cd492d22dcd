/** What one reading of an address collects as it goes (Work), and the pieces it reads (labels, segments). */
import type { LabelField } from './lexicon';
import type { ParsedAddress } from './types';

export type Label = { field: LabelField; value: string };

export type Segment = {
  head: string;
  postal?: string;
  province?: string;
  state?: string;
  zip?: string;
  country?: 'CA' | 'US';
  regionText?: string;
  street?: string;
  prefix?: string;
  suffix?: string;
  unitAfter?: string;
};

export type Work = {
  out: ParsedAddress;
  postals: string[];
  name?: string;
  attnName?: string;
  /** A person after "c/o": the recipient only when the text names no other. */
  careOfName?: string;
  company?: string;
  street?: string;
  units: string[];
  /** `rrFirst`: "RR 8 Site 22 Comp 5" keeps the order it was written in (as "Site 5 Comp 10 RR 2" does). */
  rural: { site?: string; rr?: string; box?: string; gd?: string; rrFirst?: boolean };
  city?: string;
  province?: string;
  state?: string;
  zip?: string;
  zipAlone?: string;
  country?: 'CA' | 'US';
};
