import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { AddressRow } from '../../db/schema/addresses';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { splitName } from '../../../shared/address-format';
import type { TAddress, TAddressRequest } from '../../../shared/contracts/addresses';
import * as repo from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const addressNotFound = () => notFound('Address not found');

export function toAddress(row: AddressRow): TAddress {
  const { firstName, lastName } = splitName(row.name);
  return {
    id: row.id,
    name: row.name,
    firstName,
    lastName,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    email: row.email,
    isDefault: row.isDefault,
    notifyRecipient: row.notifyRecipient,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function values(body: TAddressRequest): repo.AddressValues {
  return {
    name: body.name,
    company: body.company,
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    province: body.province,
    postalCode: body.postalCode,
    country: body.country,
    phone: body.phone,
    email: body.email,
    isDefault: body.isDefault,
    // Left out (an older client's update), kept as they are.
    ...(body.notifyRecipient === undefined ? {} : { notifyRecipient: body.notifyRecipient }),
    ...(body.language === undefined ? {} : { language: body.language }),
  };
}

export function createAddressService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async list(userId: string): Promise<TAddress[]> {
      return (await repo.listAddresses(db, userId)).map(toAddress);
    },

    async create(userId: string, body: TAddressRequest): Promise<TAddress> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        if (body.isDefault) {
          await repo.lockUserRow(tx, userId);
          await repo.clearDefault(tx, userId, null, now);
        }
        return repo.insertAddress(tx, { ...values(body), id: randomUUID(), userId, createdAt: now, updatedAt: now });
      });
      return toAddress(row);
    },

    async update(userId: string, id: string, body: TAddressRequest): Promise<TAddress> {
      if (!UUID.test(id)) throw addressNotFound();
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        if (body.isDefault) {
          await repo.lockUserRow(tx, userId);
          await repo.clearDefault(tx, userId, id, now);
        }
        const updated = await repo.updateAddress(tx, userId, id, { ...values(body), updatedAt: now });
        // Throwing inside the transaction also undoes the cleared default.
        if (!updated) throw addressNotFound();
        return updated;
      });
      return toAddress(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!UUID.test(id) || !(await repo.deleteAddress(db, userId, id))) throw addressNotFound();
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
