CREATE TABLE `ai_connections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`provider` text NOT NULL,
	`base_url` text DEFAULT '' NOT NULL,
	`api_key` text,
	`headers` text DEFAULT '[]' NOT NULL,
	`query` text DEFAULT '[]' NOT NULL,
	`default_model` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_connections_name_lower_unique` ON `ai_connections` (lower("name"));--> statement-breakpoint
CREATE TABLE `ai_tool_settings` (
	`tool` text PRIMARY KEY NOT NULL,
	`connection_id` text,
	`model` text DEFAULT '' NOT NULL,
	`temperature_centi` integer,
	`monthly_token_cap` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ai_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool` text NOT NULL,
	`connection_id` text NOT NULL,
	`connection_name` text NOT NULL,
	`model` text NOT NULL,
	`prompt_tokens` integer NOT NULL,
	`completion_tokens` integer NOT NULL,
	`day` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_usage_tool_day_idx` ON `ai_usage` (`tool`,`day`);--> statement-breakpoint
CREATE INDEX `ai_usage_day_idx` ON `ai_usage` (`day`);