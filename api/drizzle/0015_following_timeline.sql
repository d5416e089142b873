-- The Following timeline (issue 35): a timeline per reader, written when a post is published.
CREATE TABLE "timeline_entries" (
	"owner_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	CONSTRAINT "timeline_entries_owner_id_position_pk" PRIMARY KEY("owner_id","position")
);
--> statement-breakpoint
CREATE TABLE "timelines" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"top" integer
);
--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_owner_id_timelines_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."timelines"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timeline_entries_post_idx" ON "timeline_entries" USING btree ("owner_id","post_id");