CREATE TABLE "user_counts" (
	"is_active" boolean PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_progress" (
	"user_id" integer NOT NULL,
	"categoria_id" integer NOT NULL,
	"completadas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_progress_user_id_categoria_id_pk" PRIMARY KEY("user_id","categoria_id")
);
--> statement-breakpoint
CREATE TABLE "video_record_filter_counts" (
	"provider" text NOT NULL,
	"value" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_record_filter_counts_provider_value_pk" PRIMARY KEY("provider","value")
);
--> statement-breakpoint
CREATE TABLE "video_record_totals" (
	"provider" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_categories" ADD COLUMN "total_videos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_progress" ADD CONSTRAINT "library_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_progress" ADD CONSTRAINT "library_progress_categoria_id_library_categories_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."library_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_progress_category_idx" ON "library_progress" USING btree ("categoria_id");