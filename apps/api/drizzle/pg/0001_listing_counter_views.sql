-- The listing counters SQLite keeps with triggers (its migrations 0006-0009) are plain views here, computed
-- on read from indexed rows: nothing to keep in step, and the same columns the repositories read.
CREATE VIEW "user_counts" AS
	SELECT "is_active", count(*)::integer AS "n" FROM "users" GROUP BY "is_active";
--> statement-breakpoint
CREATE VIEW "video_record_totals" AS
	SELECT "provider", count(*)::integer AS "n" FROM "video_records" GROUP BY "provider";
--> statement-breakpoint
CREATE VIEW "video_record_filter_counts" AS
	SELECT "provider", "value", count(*)::integer AS "n" FROM (
		SELECT "provider", CASE "provider" WHEN 'youtube' THEN "canal" ELSE "usuario" END AS "value" FROM "video_records"
	) AS "r" WHERE "value" IS NOT NULL GROUP BY "provider", "value";
--> statement-breakpoint
CREATE VIEW "library_progress" AS
	SELECT "w"."user_id", "v"."categoria_id", count(*)::integer AS "completadas"
	FROM "library_watched" AS "w" JOIN "library_videos" AS "v" ON "v"."id" = "w"."video_id"
	GROUP BY "w"."user_id", "v"."categoria_id";
--> statement-breakpoint
-- A category's video count: the rows stay in library_categories_data (the foreign keys follow the rename), the
-- view adds total_videos. Updates and deletes pass through the view; an insert goes through this trigger,
-- which ignores the computed column.
ALTER TABLE "library_categories" RENAME TO "library_categories_data";
--> statement-breakpoint
CREATE VIEW "library_categories" AS
	SELECT "c"."id", "c"."library", "c"."nombre", "c"."descripcion",
		(SELECT count(*)::integer FROM "library_videos" AS "v" WHERE "v"."categoria_id" = "c"."id") AS "total_videos"
	FROM "library_categories_data" AS "c";
--> statement-breakpoint
CREATE FUNCTION "library_categories_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "library_categories_data" ("id", "library", "nombre", "descripcion")
	VALUES (
		COALESCE(NEW."id", nextval(pg_get_serial_sequence('library_categories_data', 'id'))),
		NEW."library", NEW."nombre", COALESCE(NEW."descripcion", '')
	)
	RETURNING "id" INTO NEW."id";
	NEW."descripcion" := COALESCE(NEW."descripcion", '');
	NEW."total_videos" := 0;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "library_categories_insert" INSTEAD OF INSERT ON "library_categories"
	FOR EACH ROW EXECUTE FUNCTION "library_categories_insert"();
