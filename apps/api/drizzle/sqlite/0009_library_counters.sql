-- Counters the library pages read instead of counting rows: library_categories.total_videos (videos per
-- category) and library_progress.completadas (videos each member has watched, per category). Triggers keep
-- them in the same transaction as every write, so they cannot drift; the app never writes them.
--
-- Order of events when a video is deleted (directly or by a category's cascade): its BEFORE DELETE trigger
-- runs while its watched marks still exist, then the row goes, then the foreign-key cascade deletes the
-- marks; by then the video is gone, so library_watched's delete trigger finds no category and changes nothing.
-- A member's deletion cascades to their marks (the video is still there: counted down) and to their
-- progress rows (gone); a category's deletion cascades to its progress rows.
CREATE TRIGGER `library_videos_counters_insert` AFTER INSERT ON `library_videos` BEGIN
	UPDATE `library_categories` SET `total_videos` = `total_videos` + 1 WHERE `id` = NEW.`categoria_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `library_videos_counters_delete` BEFORE DELETE ON `library_videos` BEGIN
	UPDATE `library_categories` SET `total_videos` = `total_videos` - 1 WHERE `id` = OLD.`categoria_id`;
	UPDATE `library_progress` SET `completadas` = `completadas` - 1
		WHERE `categoria_id` = OLD.`categoria_id`
			AND `user_id` IN (SELECT `user_id` FROM `library_watched` WHERE `video_id` = OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `library_videos_counters_move` AFTER UPDATE OF `categoria_id` ON `library_videos`
	WHEN OLD.`categoria_id` <> NEW.`categoria_id` BEGIN
	UPDATE `library_categories` SET `total_videos` = `total_videos` - 1 WHERE `id` = OLD.`categoria_id`;
	UPDATE `library_categories` SET `total_videos` = `total_videos` + 1 WHERE `id` = NEW.`categoria_id`;
	UPDATE `library_progress` SET `completadas` = `completadas` - 1
		WHERE `categoria_id` = OLD.`categoria_id`
			AND `user_id` IN (SELECT `user_id` FROM `library_watched` WHERE `video_id` = NEW.`id`);
	INSERT INTO `library_progress` (`user_id`, `categoria_id`, `completadas`)
		SELECT `user_id`, NEW.`categoria_id`, 1 FROM `library_watched` WHERE `video_id` = NEW.`id`
		ON CONFLICT (`user_id`, `categoria_id`) DO UPDATE SET `completadas` = `completadas` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `library_watched_counters_insert` AFTER INSERT ON `library_watched` BEGIN
	INSERT INTO `library_progress` (`user_id`, `categoria_id`, `completadas`)
		SELECT NEW.`user_id`, `categoria_id`, 1 FROM `library_videos` WHERE `id` = NEW.`video_id`
		ON CONFLICT (`user_id`, `categoria_id`) DO UPDATE SET `completadas` = `completadas` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `library_watched_counters_delete` AFTER DELETE ON `library_watched` BEGIN
	UPDATE `library_progress` SET `completadas` = `completadas` - 1
		WHERE `user_id` = OLD.`user_id`
			AND `categoria_id` = (SELECT `categoria_id` FROM `library_videos` WHERE `id` = OLD.`video_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `library_watched_counters_update` AFTER UPDATE ON `library_watched` BEGIN
	UPDATE `library_progress` SET `completadas` = `completadas` - 1
		WHERE `user_id` = OLD.`user_id`
			AND `categoria_id` = (SELECT `categoria_id` FROM `library_videos` WHERE `id` = OLD.`video_id`);
	INSERT INTO `library_progress` (`user_id`, `categoria_id`, `completadas`)
		SELECT NEW.`user_id`, `categoria_id`, 1 FROM `library_videos` WHERE `id` = NEW.`video_id`
		ON CONFLICT (`user_id`, `categoria_id`) DO UPDATE SET `completadas` = `completadas` + 1;
END;
--> statement-breakpoint
-- Backfill from the rows already there.
UPDATE `library_categories` SET `total_videos` =
	(SELECT count(*) FROM `library_videos` WHERE `library_videos`.`categoria_id` = `library_categories`.`id`);
--> statement-breakpoint
DELETE FROM `library_progress`;
--> statement-breakpoint
INSERT INTO `library_progress` (`user_id`, `categoria_id`, `completadas`)
	SELECT `w`.`user_id`, `v`.`categoria_id`, count(*) FROM `library_watched` `w`
		JOIN `library_videos` `v` ON `v`.`id` = `w`.`video_id`
	GROUP BY `w`.`user_id`, `v`.`categoria_id`;
