ALTER TABLE "redgram_config" ADD COLUMN "provider" text DEFAULT 'gemini' NOT NULL;--> statement-breakpoint
ALTER TABLE "redgram_config" ADD COLUMN "openai_base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "redgram_config" ADD COLUMN "openai_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "redgram_config" ADD COLUMN "openai_api_key" text;--> statement-breakpoint
ALTER TABLE "texto_config" ADD COLUMN "provider" text DEFAULT 'gemini' NOT NULL;--> statement-breakpoint
ALTER TABLE "texto_config" ADD COLUMN "openai_base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "texto_config" ADD COLUMN "openai_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "texto_config" ADD COLUMN "openai_api_key" text;