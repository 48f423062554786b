CREATE TABLE `billing_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_events_received_idx` ON `billing_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `billing_plans` (
	`role_id` integer PRIMARY KEY NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`end_action` text NOT NULL,
	`end_role_id` integer,
	`trial_days` integer,
	`allow_promotion_codes` integer DEFAULT false NOT NULL,
	`automatic_tax` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`end_role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE TABLE `billing_prices` (
	`price_id` text PRIMARY KEY NOT NULL,
	`role_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`interval` text NOT NULL,
	`interval_count` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`role_id`) REFERENCES `billing_plans`(`role_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `billing_prices_role_idx` ON `billing_prices` (`role_id`,`position`);--> statement-breakpoint
CREATE TABLE `billing_subscriptions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`subscription_id` text,
	`price_id` text,
	`plan_role_id` integer,
	`status` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`current_period_end` text,
	`provider_updated_at` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_subscriptions_customer_unique` ON `billing_subscriptions` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_subscriptions_subscription_unique` ON `billing_subscriptions` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `billing_subscriptions_status_idx` ON `billing_subscriptions` (`status`);