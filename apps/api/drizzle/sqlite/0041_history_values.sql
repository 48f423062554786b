ALTER TABLE `audit_log` ADD `before_values` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `after_values` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Hand-written: the entries recorded before these columns get the values Estadísticas reads, converted from the
-- Spanish text their summary shows (a role's name, «Sí»/«No», a subscription's status label, a bulk action's
-- name, a count). Other fields of older entries keep only their text.
CREATE TEMP TABLE `history_values_shown` AS
SELECT `id`, `side`, `field`,
  CASE
    WHEN `field` IN ('role', 'plan') THEN json_quote(`shown`)
    WHEN `field` = 'is_active' THEN CASE `shown` WHEN 'Sí' THEN 'true' WHEN 'No' THEN 'false' END
    WHEN `field` = 'cuentas' AND `shown` <> '' AND `shown` NOT GLOB '*[^0-9]*' THEN CAST(CAST(`shown` AS INTEGER) AS TEXT)
    WHEN `field` = 'accion' THEN '"' || CASE `shown` WHEN 'Activar' THEN 'activate' WHEN 'Desactivar' THEN 'deactivate'
      WHEN 'Cambiar rol' THEN 'set_role' WHEN 'Eliminar' THEN 'delete' END || '"'
    WHEN `field` = 'suscripcion' THEN '{"status":"' || CASE
        CASE WHEN `shown` LIKE '% (no se renovará)' THEN substr(`shown`, 1, length(`shown`) - 17) ELSE `shown` END
        WHEN 'Pago incompleto' THEN 'incomplete' WHEN 'Pago caducado' THEN 'incomplete_expired'
        WHEN 'En prueba' THEN 'trialing' WHEN 'Activa' THEN 'active' WHEN 'Pago pendiente' THEN 'past_due'
        WHEN 'Cancelada' THEN 'canceled' WHEN 'Impagada' THEN 'unpaid' WHEN 'En pausa' THEN 'paused' END
      || '","cancelling":' || CASE WHEN `shown` LIKE '% (no se renovará)' THEN 'true' ELSE 'false' END || '}'
  END AS `value`
FROM (
  SELECT `a`.`id` AS `id`, `s`.`side` AS `side`, `c`.`value` ->> 'field' AS `field`, `c`.`value` ->> `s`.`side` AS `shown`
  FROM `audit_log` AS `a`
  CROSS JOIN (SELECT 'before' AS `side` UNION ALL SELECT 'after') AS `s`
  CROSS JOIN json_each(CASE WHEN json_valid(`a`.`summary`) THEN `a`.`summary` ELSE '{}' END, '$.changes') AS `c`
)
WHERE `shown` IS NOT NULL AND `field` IN ('role', 'plan', 'is_active', 'cuentas', 'accion', 'suscripcion');
--> statement-breakpoint
UPDATE `audit_log` SET `before_values` = `v`.`values_json`
FROM (
  SELECT `id`, json_group_object(`field`, json(`value`)) AS `values_json` FROM `history_values_shown`
  WHERE `side` = 'before' AND `value` IS NOT NULL GROUP BY `id`
) AS `v`
WHERE `audit_log`.`id` = `v`.`id`;
--> statement-breakpoint
UPDATE `audit_log` SET `after_values` = `v`.`values_json`
FROM (
  SELECT `id`, json_group_object(`field`, json(`value`)) AS `values_json` FROM `history_values_shown`
  WHERE `side` = 'after' AND `value` IS NOT NULL GROUP BY `id`
) AS `v`
WHERE `audit_log`.`id` = `v`.`id`;
--> statement-breakpoint
DROP TABLE `history_values_shown`;
