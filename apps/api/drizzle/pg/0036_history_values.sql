ALTER TABLE "audit_log" ADD COLUMN "before_values" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after_values" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Hand-written: the entries recorded before these columns get the values Estadísticas reads, converted from the
-- Spanish text their summary shows (a role's name, «Sí»/«No», a subscription's status label, a bulk action's
-- name, a count). Other fields of older entries keep only their text.
CREATE TEMP TABLE "history_values_shown" AS
SELECT "id", "side", "field",
  CASE
    WHEN "field" IN ('role', 'plan') THEN to_jsonb("shown")
    WHEN "field" = 'is_active' THEN CASE "shown" WHEN 'Sí' THEN 'true'::jsonb WHEN 'No' THEN 'false'::jsonb END
    WHEN "field" = 'cuentas' AND "shown" ~ '^[0-9]{1,9}$' THEN to_jsonb("shown"::integer)
    WHEN "field" = 'accion' THEN to_jsonb(CASE "shown" WHEN 'Activar' THEN 'activate' WHEN 'Desactivar' THEN 'deactivate'
      WHEN 'Cambiar rol' THEN 'set_role' WHEN 'Eliminar' THEN 'delete' END)
    WHEN "field" = 'suscripcion' THEN (
      SELECT jsonb_build_object('status', "status", 'cancelling', "shown" LIKE '% (no se renovará)')
      FROM (SELECT CASE
          CASE WHEN "shown" LIKE '% (no se renovará)' THEN substr("shown", 1, length("shown") - 17) ELSE "shown" END
          WHEN 'Pago incompleto' THEN 'incomplete' WHEN 'Pago caducado' THEN 'incomplete_expired'
          WHEN 'En prueba' THEN 'trialing' WHEN 'Activa' THEN 'active' WHEN 'Pago pendiente' THEN 'past_due'
          WHEN 'Cancelada' THEN 'canceled' WHEN 'Impagada' THEN 'unpaid' WHEN 'En pausa' THEN 'paused' END AS "status"
      ) AS "parsed"
      WHERE "status" IS NOT NULL
    )
  END AS "value"
FROM (
  SELECT "a"."id", "s"."side", "c"."change" ->> 'field' AS "field", "c"."change" ->> "s"."side" AS "shown"
  FROM "audit_log" AS "a"
  CROSS JOIN (VALUES ('before'), ('after')) AS "s"("side")
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof("a"."summary"::jsonb -> 'changes') = 'array' THEN "a"."summary"::jsonb -> 'changes' ELSE '[]'::jsonb END
  ) AS "c"("change")
) AS "shown_values"
WHERE "shown" IS NOT NULL AND "field" IN ('role', 'plan', 'is_active', 'cuentas', 'accion', 'suscripcion');
--> statement-breakpoint
UPDATE "audit_log" SET "before_values" = "v"."values_json"
FROM (
  SELECT "id", jsonb_object_agg("field", "value")::text AS "values_json" FROM "history_values_shown"
  WHERE "side" = 'before' AND "value" IS NOT NULL GROUP BY "id"
) AS "v"
WHERE "audit_log"."id" = "v"."id";
--> statement-breakpoint
UPDATE "audit_log" SET "after_values" = "v"."values_json"
FROM (
  SELECT "id", jsonb_object_agg("field", "value")::text AS "values_json" FROM "history_values_shown"
  WHERE "side" = 'after' AND "value" IS NOT NULL GROUP BY "id"
) AS "v"
WHERE "audit_log"."id" = "v"."id";
--> statement-breakpoint
DROP TABLE "history_values_shown";
