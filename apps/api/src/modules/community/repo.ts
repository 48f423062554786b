import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { communitySettings } from './schema';

export interface StoredCommunity {
  name: string | null;
  logo_type: string | null;
  logo_version: string | null;
}

export interface StoredLogo {
  type: string;
  data: string;
  version: string;
}

/** The one row of the community's name and logo. */
export function createCommunityRepo(database: AppDatabase) {
  const db = () => database.read;
  const upsert = (values: Partial<typeof communitySettings.$inferInsert>) =>
    database.transaction(async (tx) => {
      await tx
        .insert(communitySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: communitySettings.id, set: values });
    });

  return {
    /** Runs `work` in one transaction: the change and its history entry are saved together. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    /** Name and logo version only (never the image): what every served page carries. */
    async get(): Promise<StoredCommunity> {
      const [row] = await db()
        .select({
          name: communitySettings.name,
          logo_type: communitySettings.logo_type,
          logo_version: communitySettings.logo_version,
        })
        .from(communitySettings)
        .where(eq(communitySettings.id, 1));
      return row ?? { name: null, logo_type: null, logo_version: null };
    },

    async logo(): Promise<StoredLogo | undefined> {
      const [row] = await db()
        .select({
          type: communitySettings.logo_type,
          data: communitySettings.logo_data,
          version: communitySettings.logo_version,
        })
        .from(communitySettings)
        .where(eq(communitySettings.id, 1));
      if (!row?.type || !row.data || !row.version) return undefined;
      return { type: row.type, data: row.data, version: row.version };
    },

    saveName: (name: string | null) => upsert({ name }),

    saveLogo: (logo: StoredLogo | null) =>
      upsert({
        logo_type: logo?.type ?? null,
        logo_data: logo?.data ?? null,
        logo_version: logo?.version ?? null,
      }),
  };
}

export type CommunityRepo = ReturnType<typeof createCommunityRepo>;
