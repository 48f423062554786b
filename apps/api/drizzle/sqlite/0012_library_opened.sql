CREATE TABLE `library_opened` (
	`user_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	`abierto_en` text NOT NULL,
	PRIMARY KEY(`user_id`, `video_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `library_videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_opened_user_recent_idx` ON `library_opened` (`user_id`,`abierto_en`);--> statement-breakpoint
CREATE INDEX `library_opened_video_idx` ON `library_opened` (`video_id`);--> statement-breakpoint
ALTER TABLE `library_videos` ADD `miniatura` text;