CREATE TABLE `billing_revenue_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subscription_id` text NOT NULL,
	`at` text NOT NULL,
	`status` text NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`plan_role_id` integer,
	`mrr` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_revenue_changes_at_idx` ON `billing_revenue_changes` (`at`);--> statement-breakpoint
CREATE INDEX `billing_revenue_changes_user_idx` ON `billing_revenue_changes` (`user_id`,`at`);--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `mrr` integer;--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `stats_classes` ADD `categoria_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stats_classes` ADD `categoria` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `stats_classes_category_idx` ON `stats_classes` (`library`,`categoria_id`,`viewers`,`video_id`);--> statement-breakpoint
-- Hand-written: each subscription stored before this upgrade starts its revenue history at its last update, at
-- its plan's list price made monthly (its discounts are read from Stripe from its next event on).
INSERT INTO `billing_revenue_changes` (`user_id`, `subscription_id`, `at`, `status`, `cancel_at_period_end`, `plan_role_id`, `mrr`, `currency`)
SELECT s.`user_id`, s.`subscription_id`, s.`updated_at`, s.`status`, s.`cancel_at_period_end`, s.`plan_role_id`,
  CAST(ROUND(CASE p.`interval` WHEN 'day' THEN p.`amount` * 365.0 / 12 WHEN 'week' THEN p.`amount` * 52.0 / 12 WHEN 'year' THEN p.`amount` / 12.0 ELSE p.`amount` * 1.0 END / MAX(1, p.`interval_count`)) AS integer),
  p.`currency`
FROM `billing_subscriptions` s INNER JOIN `billing_prices` p ON p.`price_id` = s.`price_id`
WHERE s.`subscription_id` IS NOT NULL AND s.`status` IS NOT NULL;
