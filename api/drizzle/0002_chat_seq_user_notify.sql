DROP INDEX "messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "message_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" integer;--> statement-breakpoint
-- Existing messages are numbered in the order getchats showed them (created_at, id).
UPDATE "messages" m SET "seq" = r.n
  FROM (SELECT id, row_number() OVER (PARTITION BY conversation_id ORDER BY created_at, id)::int AS n FROM "messages") r
  WHERE m.id = r.id;--> statement-breakpoint
UPDATE "conversations" c SET "message_seq" = s.n
  FROM (SELECT conversation_id, max(seq) AS n FROM "messages" GROUP BY conversation_id) s
  WHERE c.id = s.conversation_id;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
-- Every API process keeps signed-in users' token versions in memory (src/plugins/app/auth.ts) and LISTENs here: any
-- change that can revoke a token or a right (token version, admin flag, deletion, purge), from whatever writes it
-- (the API, the admin CLI, SQL by hand), is announced at commit.
CREATE FUNCTION "skynet_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('skynet_user_changed', OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_changed_notify" AFTER UPDATE OF "token_version", "admin", "deleted_at" ON "users"
  FOR EACH ROW WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.admin IS DISTINCT FROM NEW.admin
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION "skynet_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_deleted_notify" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "skynet_user_changed"();
