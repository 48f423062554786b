CREATE TABLE `video_records` (
	`record_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`video_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`titulo` text NOT NULL,
	`descripcion` text NOT NULL,
	`duracion` integer DEFAULT 0 NOT NULL,
	`url_video` text,
	`miniatura` text DEFAULT '' NOT NULL,
	`vistas` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`calidad_video` text DEFAULT '' NOT NULL,
	`url_audio` text DEFAULT '' NOT NULL,
	`canal` text,
	`fecha_publicacion` text,
	`placeholder` integer DEFAULT false NOT NULL,
	`usuario` text,
	`fecha_extraccion` text,
	`sort_date` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_records_owner_video_unique` ON `video_records` (`user_id`,`provider`,`video_id`);--> statement-breakpoint
CREATE INDEX `video_records_page_idx` ON `video_records` (`provider`,`sort_date`,`record_id`);--> statement-breakpoint
CREATE INDEX `video_records_canal_idx` ON `video_records` (`provider`,`canal`,`sort_date`,`record_id`);--> statement-breakpoint
CREATE INDEX `video_records_usuario_idx` ON `video_records` (`provider`,`usuario`,`sort_date`,`record_id`);