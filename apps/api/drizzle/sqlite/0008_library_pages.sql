CREATE TABLE `library_progress` (
	`user_id` integer NOT NULL,
	`categoria_id` integer NOT NULL,
	`completadas` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `categoria_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`categoria_id`) REFERENCES `library_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_progress_category_idx` ON `library_progress` (`categoria_id`);--> statement-breakpoint
DROP INDEX `library_videos_category_idx`;--> statement-breakpoint
CREATE INDEX `library_videos_newest_idx` ON `library_videos` (`library`,`fecha_creacion`,`id`);--> statement-breakpoint
CREATE INDEX `library_videos_category_newest_idx` ON `library_videos` (`categoria_id`,`fecha_creacion`,`id`);--> statement-breakpoint
CREATE INDEX `library_videos_category_idx` ON `library_videos` (`categoria_id`,`orden`,`id`);--> statement-breakpoint
ALTER TABLE `library_categories` ADD `total_videos` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `library_categories_library_idx` ON `library_categories` (`library`,`id`);