ALTER TABLE "video_records" ALTER COLUMN "vistas" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "video_records" ALTER COLUMN "likes" SET DATA TYPE bigint;