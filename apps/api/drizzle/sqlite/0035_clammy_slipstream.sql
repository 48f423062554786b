CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`key` text NOT NULL,
	`payload` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`run_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`locked_by` text,
	`locked_until` text,
	`last_error` text,
	`created_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_name_key_unique` ON `jobs` (`name`,`key`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `jobs_name_finished_idx` ON `jobs` (`name`,`finished_at`);--> statement-breakpoint
-- The archives asked for before the job runner: each gets its build job (key = the archive's id).
INSERT INTO "jobs" ("name", "key", "status", "run_at", "created_at") SELECT 'data-archive.build', CAST("id" AS TEXT), 'pending', "requested_at", "requested_at" FROM "data_archives" WHERE "status" IN ('pending', 'running');
