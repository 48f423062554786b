CREATE TABLE "stats_classes" (
	"video_id" integer NOT NULL,
	"library" text NOT NULL,
	"titulo" text NOT NULL,
	"orden" integer NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_classes_video_id_pk" PRIMARY KEY("video_id")
);
--> statement-breakpoint
CREATE TABLE "stats_tool_uses" (
	"day" text NOT NULL,
	"tool" text NOT NULL,
	"user_id" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_tool_uses_day_tool_user_id_pk" PRIMARY KEY("day","tool","user_id")
);
--> statement-breakpoint
ALTER TABLE "library_watched" ADD COLUMN "completed_at" text;--> statement-breakpoint
CREATE INDEX "stats_classes_viewers_idx" ON "stats_classes" USING btree ("library","viewers","video_id");--> statement-breakpoint
CREATE INDEX "library_watched_completed_idx" ON "library_watched" USING btree ("completed_at");