CREATE TABLE "billing_waiting_payments" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"price_id" text,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" text,
	"provider_updated_at" bigint DEFAULT 0 NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" text DEFAULT to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_waiting_payments" ADD CONSTRAINT "billing_waiting_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_waiting_payments_token_unique" ON "billing_waiting_payments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "billing_waiting_payments_user_idx" ON "billing_waiting_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_waiting_payments_created_idx" ON "billing_waiting_payments" USING btree ("created_at");