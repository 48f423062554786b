CREATE TABLE `known_devices` (
	`user_id` integer NOT NULL,
	`device_hash` text NOT NULL,
	`epoch` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `device_hash`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_devices_created_idx` ON `known_devices` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `confirmed_until` text;--> statement-breakpoint
ALTER TABLE `email_confirmations` ADD `epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `trusted_devices` ADD `epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `sessions` SET `epoch` = (SELECT `token_version` FROM `users` WHERE `users`.`id` = `sessions`.`user_id`);--> statement-breakpoint
UPDATE `email_confirmations` SET `epoch` = (SELECT `token_version` FROM `users` WHERE `users`.`id` = `email_confirmations`.`user_id`);--> statement-breakpoint
UPDATE `password_reset_tokens` SET `epoch` = (SELECT `token_version` FROM `users` WHERE `users`.`id` = `password_reset_tokens`.`user_id`);--> statement-breakpoint
UPDATE `trusted_devices` SET `epoch` = (SELECT `token_version` FROM `users` WHERE `users`.`id` = `trusted_devices`.`user_id`);