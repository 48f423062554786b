CREATE TABLE `user_counts` (
	`is_active` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
