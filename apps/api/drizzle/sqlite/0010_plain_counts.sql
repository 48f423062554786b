-- Issue 15: listings count indexed rows instead of reading trigger-kept counters, so the counter tables, the
-- library's total_videos column and the triggers that kept them go (written by hand: drizzle-kit does not
-- know triggers; users_search's triggers stay, it is the search index). redgram_config's update time gets its
-- own name, as on PostgreSQL.
DROP TRIGGER IF EXISTS `users_count_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_count_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_count_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `video_records_count_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `video_records_count_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `video_records_count_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `library_videos_counters_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `library_videos_counters_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `library_videos_counters_move`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `library_watched_counters_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `library_watched_counters_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `library_watched_counters_update`;--> statement-breakpoint
ALTER TABLE `redgram_config` RENAME COLUMN "created_at" TO "updated_at";--> statement-breakpoint
DROP TABLE `library_progress`;--> statement-breakpoint
DROP TABLE `user_counts`;--> statement-breakpoint
DROP TABLE `video_record_filter_counts`;--> statement-breakpoint
DROP TABLE `video_record_totals`;--> statement-breakpoint
ALTER TABLE `library_categories` DROP COLUMN `total_videos`;