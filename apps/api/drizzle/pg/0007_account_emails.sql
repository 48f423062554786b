CREATE TABLE "admin_mail_throttle" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" text NOT NULL,
	"digest_due_at" text
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"new_registration" boolean DEFAULT true NOT NULL,
	"account_activated" boolean DEFAULT true NOT NULL,
	"account_refused" boolean DEFAULT true NOT NULL,
	"updated_at" text DEFAULT to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_mail_throttle" ADD CONSTRAINT "admin_mail_throttle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_mail_throttle_digest_idx" ON "admin_mail_throttle" USING btree ("digest_due_at");