CREATE TABLE `account_erasures` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`erase_at` text NOT NULL,
	`requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_erasures_erase_at_idx` ON `account_erasures` (`erase_at`);--> statement-breakpoint
CREATE TABLE `retention_runs` (
	`day` text PRIMARY KEY NOT NULL,
	`ran_at` text NOT NULL,
	`removed_ai` integer DEFAULT 0 NOT NULL,
	`removed_signin` integer DEFAULT 0 NOT NULL,
	`removed_video` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `retention_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`ai_days` integer NOT NULL,
	`signin_days` integer NOT NULL,
	`video_days` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
