CREATE TABLE `data_archives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`requested_by` integer,
	`status` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`claimed_by` text,
	`claimed_at` text,
	`requested_at` text NOT NULL,
	`ready_at` text,
	`expires_at` text,
	`size` integer,
	`content` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `data_archives_user_idx` ON `data_archives` (`user_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `data_archives_requester_idx` ON `data_archives` (`requested_by`,`requested_at`);--> statement-breakpoint
CREATE INDEX `data_archives_status_idx` ON `data_archives` (`status`);--> statement-breakpoint
CREATE TABLE `sent_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subject` text NOT NULL,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sent_emails_user_idx` ON `sent_emails` (`user_id`,`sent_at`);