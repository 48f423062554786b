CREATE TABLE `user_counts` (
	`is_active` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `library_progress` (
	`user_id` integer NOT NULL,
	`categoria_id` integer NOT NULL,
	`completadas` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `categoria_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`categoria_id`) REFERENCES `library_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_progress_category_idx` ON `library_progress` (`categoria_id`);--> statement-breakpoint
CREATE TABLE `video_record_filter_counts` (
	`provider` text NOT NULL,
	`value` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`provider`, `value`)
);
--> statement-breakpoint
CREATE TABLE `video_record_totals` (
	`provider` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `audit_log_actor_created_idx`;--> statement-breakpoint
DROP INDEX `audit_log_kind_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_actor_created_idx` ON `audit_log` (`actor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_kind_created_idx` ON `audit_log` (`kind`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `redgram_history_user_created_idx`;--> statement-breakpoint
CREATE INDEX `redgram_history_user_created_idx` ON `redgram_history` (`user_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `library_categories` ADD `total_videos` integer DEFAULT 0 NOT NULL;