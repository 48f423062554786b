CREATE TABLE "community_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"logo_type" text,
	"logo_data" text,
	"logo_version" text
);
