import * as m0001 from './0001_foundation';

/** Ordered list of migrations. Append new ones; never edit one that has shipped. */
export const migrations: { name: string; sql: string }[] = [m0001];
