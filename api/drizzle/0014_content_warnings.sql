-- Content warnings (issue 35): a post's, and the one each earlier text had.
ALTER TABLE "post_edits" ADD COLUMN "content_warning" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_warning" text;