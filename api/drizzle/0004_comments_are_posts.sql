-- Issue 22: comments are replies. Every comment becomes a row of "posts" (same id, so links keep working) with
-- parent_id = the post it was on and thread_seq = its old post_seq (the parent's comment_seq already counts them);
-- it takes none of the feed counters (seq, author_seq, planet_seq stay null), so no feed shows it. Hand-edited from
-- drizzle-kit's output: the rows are copied before the table is dropped.
ALTER TABLE "posts" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "author_seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "planet_seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "thread_seq" integer;--> statement-breakpoint
INSERT INTO "posts" ("id", "author_id", "planet_id", "content", "latitude", "longitude", "parent_id", "deleted", "created_at", "thread_seq")
  SELECT "id", "author_id", "planet_id", "content", "latitude", "longitude", "post_id", "deleted", "created_at", "post_seq"
  FROM "comments";--> statement-breakpoint
DROP TABLE "comments" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_thread_seq_idx" ON "posts" USING btree ("parent_id","thread_seq") WHERE "posts"."thread_seq" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_replies_idx" ON "posts" USING btree ("author_id","created_at","id") WHERE "posts"."parent_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_post_or_comment" CHECK (("posts"."thread_seq" IS NULL AND "posts"."seq" IS NOT NULL AND "posts"."author_seq" IS NOT NULL AND "posts"."planet_seq" IS NOT NULL)
        OR ("posts"."thread_seq" IS NOT NULL AND "posts"."parent_id" IS NOT NULL AND "posts"."seq" IS NULL AND "posts"."author_seq" IS NULL
          AND "posts"."planet_seq" IS NULL));
