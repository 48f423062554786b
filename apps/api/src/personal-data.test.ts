import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_PARTS, PERSONAL_DATA, PERSONAL_TABLES } from './personal-data';

describe('the personal data every module declares', () => {
  it('declares each table once, in the module that owns it', () => {
    const names = PERSONAL_TABLES.map((entry) => getTableName(entry.table));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("has each module's archive files hold only that module's tables, and each of them", () => {
    for (const { tables, archive = [] } of PERSONAL_DATA) {
      const own = tables.map((entry) => getTableName(entry.table));
      const archived = archive.flatMap((part) => part.tables);
      expect(archived.filter((name) => !own.includes(name))).toEqual([]);
      // Only the limiters' counters (keys hashed, no account column) have nothing a member could read.
      const notArchived = tables.filter(
        (entry) => entry.erasure.action !== 'forget' && !archived.includes(getTableName(entry.table)),
      );
      expect(notArchived.map((entry) => getTableName(entry.table))).toEqual([]);
    }
  });

  it('names every archive file once', () => {
    const files = ARCHIVE_PARTS.map((part) => part.file);
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
  });

  it('purges by age only what the member would otherwise keep forever, each with its setting', () => {
    const purged = PERSONAL_TABLES.flatMap((entry) =>
      entry.retention ? [`${getTableName(entry.table)}:${entry.retention.kind}`] : [],
    );
    expect(purged.sort()).toEqual([
      'redgram_history:ai',
      'redgram_logs:ai',
      'sent_emails:mail',
      'sessions:signin',
      'video_records:video',
    ]);
  });
});
