CREATE TABLE "stats_monthly" (
	"metric" text NOT NULL,
	"month" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_month_metric_dimension_pk" PRIMARY KEY("month","metric","dimension")
);
--> statement-breakpoint
CREATE TABLE "stats_weekly" (
	"metric" text NOT NULL,
	"week" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_weekly_week_metric_dimension_pk" PRIMARY KEY("week","metric","dimension")
);
