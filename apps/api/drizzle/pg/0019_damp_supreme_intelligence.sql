ALTER TABLE "billing_subscriptions" ADD COLUMN "end_action" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "end_role_id" integer;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_end_role_id_roles_id_fk" FOREIGN KEY ("end_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;