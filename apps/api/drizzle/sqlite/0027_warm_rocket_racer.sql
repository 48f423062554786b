CREATE TABLE `community_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text,
	`logo_type` text,
	`logo_data` text,
	`logo_version` text
);
