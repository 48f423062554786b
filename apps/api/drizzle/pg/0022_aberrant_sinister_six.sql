CREATE TABLE "account_erasures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"erase_at" text NOT NULL,
	"requested_at" text DEFAULT to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"ran_at" text NOT NULL,
	"removed_ai" integer DEFAULT 0 NOT NULL,
	"removed_signin" integer DEFAULT 0 NOT NULL,
	"removed_video" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ai_days" integer NOT NULL,
	"signin_days" integer NOT NULL,
	"video_days" integer NOT NULL,
	"updated_at" text DEFAULT to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_erasures" ADD CONSTRAINT "account_erasures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_erasures_erase_at_idx" ON "account_erasures" USING btree ("erase_at");