CREATE TABLE `library_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`library` text NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `library_categories_name_unique` ON `library_categories` (`library`,lower("nombre"));--> statement-breakpoint
CREATE TABLE `library_videos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`library` text NOT NULL,
	`categoria_id` integer NOT NULL,
	`titulo` text NOT NULL,
	`descripcion` text DEFAULT '' NOT NULL,
	`url` text NOT NULL,
	`material` text,
	`orden` integer NOT NULL,
	`fecha_creacion` text NOT NULL,
	FOREIGN KEY (`categoria_id`) REFERENCES `library_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_videos_list_idx` ON `library_videos` (`library`,`orden`,`id`);--> statement-breakpoint
CREATE INDEX `library_videos_category_idx` ON `library_videos` (`categoria_id`,`orden`);--> statement-breakpoint
CREATE TABLE `library_watched` (
	`user_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `video_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `library_videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_watched_video_idx` ON `library_watched` (`video_id`);