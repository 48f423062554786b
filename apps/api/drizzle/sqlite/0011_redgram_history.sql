CREATE TABLE `redgram_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`profile_id` integer,
	`profile_name` text NOT NULL,
	`social_network` text NOT NULL,
	`mode` text NOT NULL,
	`input_text` text NOT NULL,
	`variants` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profile_id`) REFERENCES `redgram_profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `redgram_history_user_created_idx` ON `redgram_history` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `redgram_history_created_idx` ON `redgram_history` (`created_at`);