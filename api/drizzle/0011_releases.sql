-- Issue 33, releases judged by real people: visitors' marks (each event and measure counted once per visitor while
-- page tokens live), per-minute histograms of the measures per remote and version, and a failure's error text and
-- place. Expand only (new tables, nullable columns): the previous release ignores them.
CREATE TABLE "platform_marks" (
	"visitor" text NOT NULL,
	"mark" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_marks_visitor_mark_pk" PRIMARY KEY("visitor","mark")
);
--> statement-breakpoint
CREATE TABLE "platform_measures" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"metric" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "platform_measures_remote_version_metric_minute_bucket_pk" PRIMARY KEY("remote","version","metric","minute","bucket")
);
--> statement-breakpoint
ALTER TABLE "platform_events" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "platform_events" ADD COLUMN "source" text;--> statement-breakpoint
CREATE INDEX "platform_marks_at_idx" ON "platform_marks" USING btree ("at");--> statement-breakpoint
CREATE INDEX "platform_events_remote_idx" ON "platform_events" USING btree ("remote","version","received_at");