import { inArray, like, or, type Column, type SQL, type Table } from 'drizzle-orm';
import { rateLimits, sessions, users } from '../../db/schema';
import { accountRateLimitKeys } from '../../lib/rate-limits';
import { accountErasures, emailConfirmations, passwordResetTokens } from '../accounts';
import { knownDevices } from '../auth';
import { billingSubscriptions, billingWaitingPayments } from '../billing';
import { auditLog } from '../history';
import { libraryOpened, libraryProgress, libraryWatched } from '../library';
import { adminMailThrottle, sentEmails } from '../notifications';
import {
  announcementEmailChoices,
  announcementRecipients,
  announcements,
  mailFailures,
} from '../announcements';
import { redgramHistory, redgramLogs, redgramProfiles } from '../redgram';
import { dataArchives } from '../data-archive';
import { passkeys, webauthnChallenges } from '../passkeys';
import { statsToolUses } from '../stats';
import { backupCodes, loginChallenges, totpFactors, trustedDevices } from '../two-factor';
import { videoRecords } from '../video-tools';

/** A member as the erasure finds them: the id, and what names them in text. */
export interface ErasedMember {
  id: number;
  email: string;
  username: string;
  phone: string | null;
}

/**
 * What the erasure of an account does to every table that refers to an account, one line per table:
 * `delete` removes the rows whose `column` holds the member's id (and with `scrub`, rewrites the member's
 * name, email and phone under their pseudonym in the other rows' texts); `forget` removes the rows `rows` finds by
 * what the member is (a table with no account column, such as the hashed rate-limit keys);
 * `pseudonymise` rewrites them (Historial); `keep` leaves them, for the reason given. coverage.test.ts walks the schema and fails when a table with an
 * account column is missing here, so a new table is one more line.
 */
export type ErasureCoverage =
  | {
      table: Table;
      action: 'delete';
      column: Column;
      /** Text columns of the rows left (other accounts') where the member's name is pseudonymised. */
      scrub?: { key: Column; columns: readonly Column[] };
    }
  | { table: Table; action: 'forget'; rows: (members: readonly ErasedMember[]) => SQL | undefined }
  | { table: Table; action: 'pseudonymise'; how: string }
  | { table: Table; action: 'keep'; reason: string };

export const ERASURE_COVERAGE: readonly ErasureCoverage[] = [
  { table: sessions, action: 'delete', column: sessions.user_id },
  // The limiters' counters of the member's address, id and known devices (their keys are hashes of them).
  {
    table: rateLimits,
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
  { table: passwordResetTokens, action: 'delete', column: passwordResetTokens.user_id },
  { table: emailConfirmations, action: 'delete', column: emailConfirmations.user_id },
  { table: billingSubscriptions, action: 'delete', column: billingSubscriptions.user_id },
  { table: billingWaitingPayments, action: 'delete', column: billingWaitingPayments.user_id },
  { table: libraryWatched, action: 'delete', column: libraryWatched.user_id },
  { table: libraryOpened, action: 'delete', column: libraryOpened.user_id },
  { table: libraryProgress, action: 'delete', column: libraryProgress.user_id },
  { table: adminMailThrottle, action: 'delete', column: adminMailThrottle.user_id },
  // The AI logs would outlive the account (their key is set null): deleted first, with their texts.
  { table: redgramLogs, action: 'delete', column: redgramLogs.user_id },
  { table: redgramHistory, action: 'delete', column: redgramHistory.user_id },
  { table: redgramProfiles, action: 'delete', column: redgramProfiles.user_id },
  { table: videoRecords, action: 'delete', column: videoRecords.user_id },
  { table: accountErasures, action: 'delete', column: accountErasures.user_id },
  { table: passkeys, action: 'delete', column: passkeys.user_id },
  { table: totpFactors, action: 'delete', column: totpFactors.user_id },
  { table: backupCodes, action: 'delete', column: backupCodes.user_id },
  { table: loginChallenges, action: 'delete', column: loginChallenges.user_id },
  { table: trustedDevices, action: 'delete', column: trustedDevices.user_id },
  { table: knownDevices, action: 'delete', column: knownDevices.user_id },
  { table: webauthnChallenges, action: 'delete', column: webauthnChallenges.user_id },
  // Others' mail names the member too («Nuevo registro pendiente de activación: …»): pseudonymised there.
  {
    table: sentEmails,
    action: 'delete',
    column: sentEmails.user_id,
    scrub: { key: sentEmails.id, columns: [sentEmails.subject] },
  },
  // Which announcements reached the member, what became of each email, their choice and their refused address.
  { table: announcementRecipients, action: 'delete', column: announcementRecipients.user_id },
  { table: announcementEmailChoices, action: 'delete', column: announcementEmailChoices.user_id },
  { table: mailFailures, action: 'delete', column: mailFailures.user_id },
  {
    table: announcements,
    action: 'keep',
    reason:
      "the community's announcements stay for the members who received them; the author's id is set null by its foreign key when the account goes",
  },
  // The tool uses are per member only to count distinct members; the closed days keep the community's totals.
  { table: statsToolUses, action: 'delete', column: statsToolUses.user_id },
  // An archive holds a copy of the member's data. An administrator's own requests for others keep their
  // archives: `requested_by` is set null by its foreign key when the account goes.
  { table: dataArchives, action: 'delete', column: dataArchives.user_id },
  {
    table: auditLog,
    action: 'pseudonymise',
    how: 'name, email and phone replaced by «Miembro eliminado #…» in every entry by or about the member; ids kept so Estadísticas and the administrator filter still add up',
  },
  // Last: the account itself (and its kept count).
  { table: users, action: 'delete', column: users.id },
];
