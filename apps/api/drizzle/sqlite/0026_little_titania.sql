CREATE TABLE `stats_closed_days` (
	`day` text PRIMARY KEY NOT NULL,
	`closed_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stats_daily` (
	`metric` text NOT NULL,
	`day` text NOT NULL,
	`dimension` text DEFAULT '' NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `metric`, `dimension`)
);
--> statement-breakpoint
CREATE INDEX `sessions_created_idx` ON `sessions` (`created_at`);--> statement-breakpoint
CREATE INDEX `video_records_created_idx` ON `video_records` (`created_at`);