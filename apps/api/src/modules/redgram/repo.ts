import {
  REDGRAM_LOG_LIMIT,
  type RedgramLogEntry,
  type RedgramMode,
  type RedgramProfile,
  type RedgramProfileBody,
} from '@app/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { redgramConfig, redgramLogs, redgramProfiles } from './schema';

export interface RedgramSettings {
  prompt_escribir: string;
  prompt_reescribir: string;
  gemini_api_key: string | null;
}

export interface NewLog {
  user_id: number;
  profile_id: number;
  mode: RedgramMode;
  input_text: string;
  prompt: string;
  api_response: string | null;
  error_message: string | null;
}

const profileColumns = {
  id: redgramProfiles.id,
  name: redgramProfiles.name,
  social_network: redgramProfiles.social_network,
  sector: redgramProfiles.sector,
  target_audience: redgramProfiles.target_audience,
  specific_audience: redgramProfiles.specific_audience,
  visual_optimization: redgramProfiles.visual_optimization,
};

export function createRedgramRepo(db: Db) {
  return {
    getSettings(): RedgramSettings {
      const row = db.select().from(redgramConfig).where(eq(redgramConfig.id, 1)).get();
      return {
        prompt_escribir: row?.prompt_escribir ?? '',
        prompt_reescribir: row?.prompt_reescribir ?? '',
        gemini_api_key: row?.gemini_api_key ?? null,
      };
    },

    saveSettings(settings: RedgramSettings): void {
      const values = { ...settings, updated_at: new Date().toISOString() };
      db.insert(redgramConfig)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: redgramConfig.id, set: values })
        .run();
    },

    /** The user's profiles sorted by name (case-insensitive). */
    listProfiles(userId: number): RedgramProfile[] {
      return db
        .select(profileColumns)
        .from(redgramProfiles)
        .where(eq(redgramProfiles.user_id, userId))
        .orderBy(sql`${redgramProfiles.name} collate nocase`, redgramProfiles.id)
        .all();
    },

    findProfile(userId: number, id: number): RedgramProfile | undefined {
      return db
        .select(profileColumns)
        .from(redgramProfiles)
        .where(and(eq(redgramProfiles.id, id), eq(redgramProfiles.user_id, userId)))
        .get();
    },

    createProfile(userId: number, body: RedgramProfileBody): RedgramProfile {
      return db
        .insert(redgramProfiles)
        .values({ ...body, user_id: userId })
        .returning(profileColumns)
        .get();
    },

    updateProfile(userId: number, id: number, body: RedgramProfileBody): RedgramProfile | undefined {
      return db
        .update(redgramProfiles)
        .set(body)
        .where(and(eq(redgramProfiles.id, id), eq(redgramProfiles.user_id, userId)))
        .returning(profileColumns)
        .get();
    },

    deleteProfile(userId: number, id: number): boolean {
      const result = db
        .delete(redgramProfiles)
        .where(and(eq(redgramProfiles.id, id), eq(redgramProfiles.user_id, userId)))
        .run();
      return result.changes > 0;
    },

    insertLog(log: NewLog): void {
      db.insert(redgramLogs).values(log).run();
    },

    latestLogs(limit = REDGRAM_LOG_LIMIT): RedgramLogEntry[] {
      return db
        .select({
          id: redgramLogs.id,
          created_at: redgramLogs.created_at,
          username: users.username,
          profile_id: redgramLogs.profile_id,
          profile_name: redgramProfiles.name,
          mode: redgramLogs.mode,
          input_text: redgramLogs.input_text,
          prompt: redgramLogs.prompt,
          api_response: redgramLogs.api_response,
          error_message: redgramLogs.error_message,
        })
        .from(redgramLogs)
        .leftJoin(users, eq(users.id, redgramLogs.user_id))
        .leftJoin(redgramProfiles, eq(redgramProfiles.id, redgramLogs.profile_id))
        .orderBy(desc(redgramLogs.id))
        .limit(limit)
        .all();
    },
  };
}

export type RedgramRepo = ReturnType<typeof createRedgramRepo>;
