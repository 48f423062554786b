DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_active_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_active_created_at_idx" ON "users" USING btree ("is_active","created_at","id");