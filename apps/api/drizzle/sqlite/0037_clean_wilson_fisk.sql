CREATE TABLE `announcement_email_choices` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`receive` integer NOT NULL,
	`changed_at` text NOT NULL,
	`via` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `announcement_recipients` (
	`announcement_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`claimed_by` text,
	`claimed_until` text,
	`retry_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`sent_at` text,
	`read_at` text,
	PRIMARY KEY(`announcement_id`, `user_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_recipients_status_idx` ON `announcement_recipients` (`announcement_id`,`status`,`user_id`);--> statement-breakpoint
CREATE INDEX `announcement_recipients_user_idx` ON `announcement_recipients` (`user_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`titulo` text NOT NULL,
	`cuerpo_html` text NOT NULL,
	`audience` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` text,
	`published_at` text,
	`batch_no` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`unsubscribed` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `announcements_published_idx` ON `announcements` (`published_at`);--> statement-breakpoint
CREATE TABLE `mail_failures` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`code` integer,
	`message` text NOT NULL,
	`failed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
