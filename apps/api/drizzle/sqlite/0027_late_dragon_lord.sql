CREATE TABLE `stats_classes` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`library` text NOT NULL,
	`titulo` text NOT NULL,
	`orden` integer NOT NULL,
	`viewers` integer DEFAULT 0 NOT NULL,
	`finished` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stats_classes_viewers_idx` ON `stats_classes` (`library`,`viewers`,`video_id`);--> statement-breakpoint
CREATE TABLE `stats_tool_uses` (
	`day` text NOT NULL,
	`tool` text NOT NULL,
	`user_id` integer NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `tool`, `user_id`)
);
--> statement-breakpoint
ALTER TABLE `library_watched` ADD `completed_at` text;--> statement-breakpoint
CREATE INDEX `library_watched_completed_idx` ON `library_watched` (`completed_at`);