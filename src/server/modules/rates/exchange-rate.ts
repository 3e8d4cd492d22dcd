/**
 * The CAD/USD rate customs values are converted at (an admin's setting, migration 0020), and the
 * duties of a quote leaving Canada (decision 029).
 */
import type { Db } from '../../db/client';
import { usdRateInForce } from './exchange-rate-repo';
import type { TDuties } from '../../../shared/contracts/customs';
import type { TQuoteRequest } from '../../../shared/contracts/rates';
import { estimateDuties } from './duties';
import type { UsdRate } from '../../../shared/customs';

type DutiesParts = { dutiesCents: number; duties: TDuties | null };
const NONE: DutiesParts = { dutiesCents: 0, duties: null };

/**
 * The duties of each carrier's option for this quote: none inside Canada; leaving Canada the
 * estimate (charged when DDP). Reads the rate once per quote, unless the caller has it (`known`:
 * quoting's cache, decision 039).
 */
export async function dutiesQuoter(
  db: Db,
  body: TQuoteRequest,
  shipDate: string,
  known?: UsdRate & { setAt: Date },
): Promise<(carrier: string) => DutiesParts> {
  const customs = body.customs;
  if (body.toAddress.country === 'CA' || !customs) return () => NONE;
  const rate = known ?? (await usdRateInForce(db));
  return (carrier) => {
    const { amountCents, duties } = estimateDuties({
      carrier,
      country: body.toAddress.country,
      customs,
      rate,
      date: shipDate,
    });
    return { dutiesCents: amountCents, duties };
  };
}
