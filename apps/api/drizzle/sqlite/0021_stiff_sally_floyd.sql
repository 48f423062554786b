CREATE TABLE `billing_waiting_payments` (
	`subscription_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`price_id` text,
	`status` text NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`current_period_end` text,
	`provider_updated_at` integer DEFAULT 0 NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_waiting_payments_token_unique` ON `billing_waiting_payments` (`token_hash`);--> statement-breakpoint
CREATE INDEX `billing_waiting_payments_user_idx` ON `billing_waiting_payments` (`user_id`);--> statement-breakpoint
CREATE INDEX `billing_waiting_payments_created_idx` ON `billing_waiting_payments` (`created_at`);