ALTER TABLE `audit_log` ADD `actor_email` text;--> statement-breakpoint
-- Entries written before the email was copied take the acting account's current one, when it still exists.
UPDATE `audit_log` SET `actor_email` = (SELECT `email` FROM `users` WHERE `users`.`id` = `audit_log`.`actor_id`) WHERE `actor_id` IS NOT NULL;