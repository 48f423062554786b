CREATE TABLE "known_devices" (
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"epoch" integer NOT NULL,
	"created_at" text DEFAULT to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "confirmed_until" text;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD COLUMN "epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD COLUMN "epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_created_idx" ON "known_devices" USING btree ("user_id","created_at");--> statement-breakpoint
UPDATE "sessions" SET "epoch" = (SELECT "token_version" FROM "users" WHERE "users"."id" = "sessions"."user_id");--> statement-breakpoint
UPDATE "email_confirmations" SET "epoch" = (SELECT "token_version" FROM "users" WHERE "users"."id" = "email_confirmations"."user_id");--> statement-breakpoint
UPDATE "password_reset_tokens" SET "epoch" = (SELECT "token_version" FROM "users" WHERE "users"."id" = "password_reset_tokens"."user_id");--> statement-breakpoint
UPDATE "trusted_devices" SET "epoch" = (SELECT "token_version" FROM "users" WHERE "users"."id" = "trusted_devices"."user_id");