ALTER TABLE `billing_subscriptions` ADD `end_action` text;--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `end_role_id` integer REFERENCES roles(id);