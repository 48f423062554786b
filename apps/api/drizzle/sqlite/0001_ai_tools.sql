CREATE TABLE `redgram_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`prompt_escribir` text DEFAULT '' NOT NULL,
	`prompt_reescribir` text DEFAULT '' NOT NULL,
	`gemini_api_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `redgram_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`profile_id` integer,
	`mode` text NOT NULL,
	`input_text` text NOT NULL,
	`prompt` text NOT NULL,
	`api_response` text,
	`error_message` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`profile_id`) REFERENCES `redgram_profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `redgram_logs_created_idx` ON `redgram_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `redgram_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`social_network` text NOT NULL,
	`sector` text NOT NULL,
	`target_audience` text NOT NULL,
	`specific_audience` text NOT NULL,
	`visual_optimization` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `redgram_profiles_user_idx` ON `redgram_profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `texto_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`api_url` text DEFAULT '' NOT NULL,
	`prompt_ortografia` text NOT NULL,
	`prompt_herramienta2` text NOT NULL,
	`gemini_api_key` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
