DROP INDEX "audit_log_actor_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_kind_created_idx";--> statement-breakpoint
DROP INDEX "redgram_history_user_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_kind_created_idx" ON "audit_log" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "redgram_history_user_created_idx" ON "redgram_history" USING btree ("user_id","created_at","id");