CREATE TABLE "library_opened" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"abierto_en" text NOT NULL,
	CONSTRAINT "library_opened_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "library_videos" ADD COLUMN "miniatura" text;--> statement-breakpoint
ALTER TABLE "library_opened" ADD CONSTRAINT "library_opened_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_opened" ADD CONSTRAINT "library_opened_video_id_library_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."library_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_opened_user_recent_idx" ON "library_opened" USING btree ("user_id","abierto_en");--> statement-breakpoint
CREATE INDEX "library_opened_video_idx" ON "library_opened" USING btree ("video_id");