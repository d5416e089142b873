-- The Following timelines' fan-out cursor (issue 35): posts reach timelines in the order they were published.
CREATE TABLE "timeline_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "timeline_cursor" ("id", "seq") SELECT 1, COALESCE(max("seq"), 0) FROM "posts";
