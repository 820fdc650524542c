import type { Tx } from './db/client';
import { blacklist, rateCard } from './db/schema/broadcasts';

/** A demo customer (the third of seed-customers) who asked not to be messaged: the pre-send check shows them blocked. */
export const DEMO_BLACKLISTED_NUMBER = '+919876500174';

/** Per-message prices in INR for India (+91) and the US and Canada (+1), by template category. */
const demoRates = [
  { country: '91', category: 'MARKETING', rate: '0.7846' },
  { country: '91', category: 'UTILITY', rate: '0.115' },
  { country: '91', category: 'AUTHENTICATION', rate: '0.115' },
  { country: '1', category: 'MARKETING', rate: '2.1' },
  { country: '1', category: 'UTILITY', rate: '0.34' },
  { country: '1', category: 'AUTHENTICATION', rate: '1.15' },
] as const;

/** The demo enterprise's rate card (the broadcast estimate) and one blacklisted number. */
export async function seedDemoBroadcast(tx: Tx, enterpriseId: string, adminId: string) {
  await tx.insert(rateCard).values(demoRates.map((rate) => ({ enterpriseId, currency: 'INR', ...rate })));
  await tx.insert(blacklist).values({
    enterpriseId,
    phone: DEMO_BLACKLISTED_NUMBER,
    reason: 'Asked not to receive offers',
    source: 'manual',
    createdBy: adminId,
  });
}
