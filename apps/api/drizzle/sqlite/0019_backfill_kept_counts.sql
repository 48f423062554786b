-- The kept counts of the rows already there (db/kept-counts.ts recountAll computes the same from the rows);
-- from here on the repositories keep them in the transaction of every write.
INSERT INTO user_counts (is_active, n) SELECT is_active, count(*) FROM users GROUP BY is_active;
--> statement-breakpoint
UPDATE library_categories SET total_videos = (
  SELECT count(*) FROM library_videos WHERE library_videos.categoria_id = library_categories.id
);
--> statement-breakpoint
INSERT INTO library_progress (user_id, categoria_id, completadas)
  SELECT w.user_id, v.categoria_id, count(*) FROM library_watched w
  JOIN library_videos v ON v.id = w.video_id GROUP BY w.user_id, v.categoria_id;
--> statement-breakpoint
INSERT INTO video_record_totals (provider, n) SELECT provider, count(*) FROM video_records GROUP BY provider;
--> statement-breakpoint
INSERT INTO video_record_filter_counts (provider, value, n)
  SELECT provider, CASE WHEN provider = 'youtube' THEN canal ELSE usuario END AS value, count(*)
  FROM video_records WHERE (CASE WHEN provider = 'youtube' THEN canal ELSE usuario END) IS NOT NULL
  GROUP BY provider, value;
