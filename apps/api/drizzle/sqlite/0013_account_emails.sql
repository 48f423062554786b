CREATE TABLE `admin_mail_throttle` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_sent_at` text NOT NULL,
	`digest_due_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_mail_throttle_digest_idx` ON `admin_mail_throttle` (`digest_due_at`);--> statement-breakpoint
CREATE TABLE `mail_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`new_registration` integer DEFAULT true NOT NULL,
	`account_activated` integer DEFAULT true NOT NULL,
	`account_refused` integer DEFAULT true NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
