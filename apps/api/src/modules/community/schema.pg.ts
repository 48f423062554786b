import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** PostgreSQL's twin of `./schema.ts`: the community's name and logo. */
export const communitySettings = pgTable('community_settings', {
  id: integer('id').primaryKey().default(1),
  name: text('name'),
  logo_type: text('logo_type'),
  logo_data: text('logo_data'),
  logo_version: text('logo_version'),
});
