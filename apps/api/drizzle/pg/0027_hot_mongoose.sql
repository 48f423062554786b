ALTER TABLE "retention_runs" ADD COLUMN "removed_mail" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD COLUMN "mail_days" integer DEFAULT 365 NOT NULL;