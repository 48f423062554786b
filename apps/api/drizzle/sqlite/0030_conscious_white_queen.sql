CREATE TABLE `stats_monthly` (
	`metric` text NOT NULL,
	`month` text NOT NULL,
	`dimension` text DEFAULT '' NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `metric`, `dimension`)
);
--> statement-breakpoint
CREATE TABLE `stats_weekly` (
	`metric` text NOT NULL,
	`week` text NOT NULL,
	`dimension` text DEFAULT '' NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`week`, `metric`, `dimension`)
);
