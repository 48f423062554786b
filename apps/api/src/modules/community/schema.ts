import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The community's name and logo (one row, id 1; no row means the app's defaults). The logo is kept as base64
 * text, the same on both engines, and small (COMMUNITY_LOGO_MAX_BYTES); `logo_version` changes with each
 * upload, so its address can be cached for a year.
 */
export const communitySettings = sqliteTable('community_settings', {
  id: integer('id').primaryKey(),
  name: text('name'),
  logo_type: text('logo_type'),
  logo_data: text('logo_data'),
  logo_version: text('logo_version'),
});
