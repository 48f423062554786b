-- Listing counters and the account search index, kept by triggers in the same transaction as every write,
-- so they can never drift; each is backfilled from the rows already there.
-- Accounts per state (is_active 0 / 1): the admin table's total and its "pending activation" total.
INSERT INTO `user_counts` (`is_active`, `n`) SELECT `is_active`, count(*) FROM `users` GROUP BY `is_active`;
--> statement-breakpoint
CREATE TRIGGER `users_count_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `user_counts` (`is_active`, `n`) VALUES (new.`is_active`, 1)
    ON CONFLICT (`is_active`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_count_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `user_counts` SET `n` = `n` - 1 WHERE `is_active` = old.`is_active`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_count_update` AFTER UPDATE OF `is_active` ON `users`
WHEN old.`is_active` IS NOT new.`is_active` BEGIN
  UPDATE `user_counts` SET `n` = `n` - 1 WHERE `is_active` = old.`is_active`;
  INSERT INTO `user_counts` (`is_active`, `n`) VALUES (new.`is_active`, 1)
    ON CONFLICT (`is_active`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
-- Substring search on username or email: an FTS5 trigram index (case_sensitive 0 folds Unicode case).
-- External content (the text stays in `users` only, read back by rowid = id): no second copy of every
-- username and email, and 'rebuild' backfills it from the table; the triggers below keep it in step.
CREATE VIRTUAL TABLE `users_search` USING fts5(
  `username`, `email`, content='users', content_rowid='id', tokenize='trigram case_sensitive 0'
);
--> statement-breakpoint
INSERT INTO `users_search` (`users_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search` (`rowid`, `username`, `email`) VALUES (new.`id`, new.`username`, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_search` (`users_search`, `rowid`, `username`, `email`)
    VALUES ('delete', old.`id`, old.`username`, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `id`, `username`, `email` ON `users`
WHEN old.`id` IS NOT new.`id` OR old.`username` IS NOT new.`username` OR old.`email` IS NOT new.`email` BEGIN
  INSERT INTO `users_search` (`users_search`, `rowid`, `username`, `email`)
    VALUES ('delete', old.`id`, old.`username`, old.`email`);
  INSERT INTO `users_search` (`rowid`, `username`, `email`) VALUES (new.`id`, new.`username`, new.`email`);
END;
--> statement-breakpoint
-- Saved videos per provider, and per provider and filter value: the channel (YouTube) or the user
-- (Instagram), the column each provider's list is filtered by. A value's row goes with its last video.
INSERT INTO `video_record_totals` (`provider`, `n`) SELECT `provider`, count(*) FROM `video_records` GROUP BY `provider`;
--> statement-breakpoint
INSERT INTO `video_record_filter_counts` (`provider`, `value`, `n`)
SELECT `provider`, `value`, count(*) FROM (
  SELECT `provider`, CASE `provider` WHEN 'youtube' THEN `canal` ELSE `usuario` END AS `value` FROM `video_records`
) WHERE `value` IS NOT NULL GROUP BY `provider`, `value`;
--> statement-breakpoint
CREATE TRIGGER `video_records_count_insert` AFTER INSERT ON `video_records` BEGIN
  INSERT INTO `video_record_totals` (`provider`, `n`) VALUES (new.`provider`, 1)
    ON CONFLICT (`provider`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `video_record_filter_counts` (`provider`, `value`, `n`)
    SELECT new.`provider`, `value`, 1
    FROM (SELECT CASE new.`provider` WHEN 'youtube' THEN new.`canal` ELSE new.`usuario` END AS `value`)
    WHERE `value` IS NOT NULL
    ON CONFLICT (`provider`, `value`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `video_records_count_delete` AFTER DELETE ON `video_records` BEGIN
  UPDATE `video_record_totals` SET `n` = `n` - 1 WHERE `provider` = old.`provider`;
  UPDATE `video_record_filter_counts` SET `n` = `n` - 1
    WHERE `provider` = old.`provider`
      AND `value` = CASE old.`provider` WHEN 'youtube' THEN old.`canal` ELSE old.`usuario` END;
  DELETE FROM `video_record_filter_counts`
    WHERE `provider` = old.`provider`
      AND `value` = CASE old.`provider` WHEN 'youtube' THEN old.`canal` ELSE old.`usuario` END
      AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `video_records_count_update` AFTER UPDATE OF `provider`, `canal`, `usuario` ON `video_records`
WHEN old.`provider` IS NOT new.`provider` OR old.`canal` IS NOT new.`canal` OR old.`usuario` IS NOT new.`usuario`
BEGIN
  UPDATE `video_record_totals` SET `n` = `n` - 1 WHERE `provider` = old.`provider`;
  UPDATE `video_record_filter_counts` SET `n` = `n` - 1
    WHERE `provider` = old.`provider`
      AND `value` = CASE old.`provider` WHEN 'youtube' THEN old.`canal` ELSE old.`usuario` END;
  DELETE FROM `video_record_filter_counts`
    WHERE `provider` = old.`provider`
      AND `value` = CASE old.`provider` WHEN 'youtube' THEN old.`canal` ELSE old.`usuario` END
      AND `n` <= 0;
  INSERT INTO `video_record_totals` (`provider`, `n`) VALUES (new.`provider`, 1)
    ON CONFLICT (`provider`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `video_record_filter_counts` (`provider`, `value`, `n`)
    SELECT new.`provider`, `value`, 1
    FROM (SELECT CASE new.`provider` WHEN 'youtube' THEN new.`canal` ELSE new.`usuario` END AS `value`)
    WHERE `value` IS NOT NULL
    ON CONFLICT (`provider`, `value`) DO UPDATE SET `n` = `n` + 1;
END;
