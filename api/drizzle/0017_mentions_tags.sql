-- Mentions and tags (issue 35): a post's tags and the users it mentions (as named then) on the row, and post_tags, the
-- tag feeds (a post's galaxy number per tag). Posts written before keep none: their text is not read again.
CREATE TABLE "post_tags" (
	"tag" text NOT NULL,
	"post_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "post_tags_tag_post_id_pk" PRIMARY KEY("tag","post_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "mentions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_tags_tag_seq_idx" ON "post_tags" USING btree ("tag","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_tags_post_idx" ON "post_tags" USING btree ("post_id");