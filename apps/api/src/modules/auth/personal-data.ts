import { inArray, like, or } from 'drizzle-orm';
import { rowsOf, type PersonalData } from '../../db/personal-data';
import { rateLimits } from '../../db/schema';
import { accountRateLimitKeys } from '../../lib/rate-limits';
import { knownDevices } from './schema';

/** The browsers the member completed a sign-in on, and the sign-in limiters' counters about them. */
export const authPersonalData: PersonalData = {
  tables: [
    { table: knownDevices, erasure: { action: 'delete', column: knownDevices.user_id } },
    // The limiters' counters of the member's address, id and known devices (their keys are hashes of them).
    {
      table: rateLimits,
      erasure: {
        action: 'forget',
        rows: (members) => {
          const keys = members.map(accountRateLimitKeys);
          return or(
            inArray(
              rateLimits.key,
              keys.flatMap(({ exact }) => exact),
            ),
            ...keys.flatMap(({ prefixes }) => prefixes.map((prefix) => like(rateLimits.key, `${prefix}%`))),
          );
        },
      },
    },
  ],
  archive: [
    rowsOf({
      file: 'navegadores-conocidos.csv',
      about:
        'Los navegadores en los que completaste un inicio de sesión (tus intentos desde ellos se cuentan aparte).',
      table: knownDevices,
      by: knownDevices.user_id,
      omit: ['device_hash', 'epoch'],
    }),
  ],
};
