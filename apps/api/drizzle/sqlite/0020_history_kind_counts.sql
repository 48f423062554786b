CREATE TABLE `history_kind_counts` (
	`kind` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The entries already there; from here on the recorder keeps the counts in the transaction of every entry.
INSERT INTO history_kind_counts (kind, n) SELECT kind, count(*) FROM audit_log GROUP BY kind;
