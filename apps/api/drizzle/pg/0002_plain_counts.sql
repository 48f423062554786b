-- Issue 15: listings count indexed rows in the repositories, on both engines, so the counter views of 0001 go
-- and library_categories is a plain table again (its rows, keys and indexes were kept under the other name).
DROP VIEW "library_progress";--> statement-breakpoint
DROP VIEW "user_counts";--> statement-breakpoint
DROP VIEW "video_record_filter_counts";--> statement-breakpoint
DROP VIEW "video_record_totals";--> statement-breakpoint
DROP TRIGGER "library_categories_insert" ON "library_categories";--> statement-breakpoint
DROP VIEW "library_categories";--> statement-breakpoint
DROP FUNCTION "library_categories_insert"();--> statement-breakpoint
ALTER TABLE "library_categories_data" RENAME TO "library_categories";
