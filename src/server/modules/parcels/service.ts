import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SavedParcelRow } from '../../db/schema/parcels';
import type { Clock } from '../../lib/clock';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { roundTo } from '../../../shared/units';
import {
  SAVED_PARCEL_LIMITS,
  ZSavedParcelRequest,
  type TLabelFormat,
  type TLabelPreferences,
  type TSavedParcel,
} from '../../../shared/contracts/parcels';
import type { z } from 'zod';
import * as repo from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const parcelNotFound = () => notFound('Saved parcel not found');
const nameTaken = () =>
  new AppError(409, 'You already have a saved parcel with this name', ErrorCode.CONFLICT, {
    name: ['You already have a saved parcel with this name'],
  });
const tooMany = () =>
  new AppError(409, `You can keep at most ${SAVED_PARCEL_LIMITS.perUser} saved parcels`, ErrorCode.CONFLICT);

export function toSavedParcel(row: SavedParcelRow): TSavedParcel {
  return {
    id: row.id,
    name: row.name,
    weight: row.weightKg,
    length: row.lengthCm,
    width: row.widthCm,
    height: row.heightCm,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Body = z.output<typeof ZSavedParcelRequest>;

/** Grams and hundredths of a centimetre, as the shipment form converts them. */
const values = (body: Body): repo.ParcelValues => ({
  name: body.name,
  weightKg: roundTo(body.weight, 3),
  lengthCm: roundTo(body.length, 2),
  widthCm: roundTo(body.width, 2),
  heightCm: roundTo(body.height, 2),
  type: body.type,
});

export function createParcelService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async list(userId: string): Promise<TSavedParcel[]> {
      return (await repo.listParcels(db, userId)).map(toSavedParcel);
    },

    async get(userId: string, id: string): Promise<TSavedParcel> {
      const row = UUID.test(id) ? await repo.findParcel(db, userId, id) : null;
      if (!row) throw parcelNotFound();
      return toSavedParcel(row);
    },

    async create(userId: string, body: Body): Promise<TSavedParcel> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await repo.lockUserRow(tx, userId);
        if ((await repo.countParcels(tx, userId)) >= SAVED_PARCEL_LIMITS.perUser) throw tooMany();
        if (await repo.nameTaken(tx, userId, body.name, null)) throw nameTaken();
        return repo.insertParcel(tx, { ...values(body), id: randomUUID(), userId, createdAt: now, updatedAt: now });
      });
      return toSavedParcel(row);
    },

    async update(userId: string, id: string, body: Body): Promise<TSavedParcel> {
      if (!UUID.test(id)) throw parcelNotFound();
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await repo.lockUserRow(tx, userId);
        if (!(await repo.findParcel(tx, userId, id))) throw parcelNotFound();
        if (await repo.nameTaken(tx, userId, body.name, id)) throw nameTaken();
        const updated = await repo.updateParcel(tx, userId, id, { ...values(body), updatedAt: now });
        if (!updated) throw parcelNotFound();
        return updated;
      });
      return toSavedParcel(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!UUID.test(id) || !(await repo.deleteParcel(db, userId, id))) throw parcelNotFound();
    },

    async labelPreferences(userId: string): Promise<TLabelPreferences> {
      const format = await repo.getLabelFormat(db, userId);
      if (!format) throw unauthorized();
      return { labelFormat: format };
    },

    async setLabelFormat(userId: string, labelFormat: TLabelFormat): Promise<TLabelPreferences> {
      await repo.setLabelFormat(db, userId, labelFormat, clock.now());
      return { labelFormat };
    },
  };
}

export type ParcelService = ReturnType<typeof createParcelService>;
