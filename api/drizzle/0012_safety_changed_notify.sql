-- Every API process keeps each reader's filters (blocks both ways, mutes, live muted words) in memory
-- (src/plugins/app/safety-repository.ts) and LISTENs here: any change to them, from whatever writes it (the API, an
-- account's purge cascading, SQL by hand), names the people whose filters changed at commit.
CREATE FUNCTION "skynet_safety_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'blocks' THEN
    PERFORM pg_notify('skynet_safety_changed', r.blocker_id::text);
    PERFORM pg_notify('skynet_safety_changed', r.blocked_id::text);
  ELSIF TG_TABLE_NAME = 'mutes' THEN
    PERFORM pg_notify('skynet_safety_changed', r.muter_id::text);
  ELSE
    PERFORM pg_notify('skynet_safety_changed', r.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blocks_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "blocks"
  FOR EACH ROW EXECUTE FUNCTION "skynet_safety_changed"();--> statement-breakpoint
CREATE TRIGGER "mutes_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "mutes"
  FOR EACH ROW EXECUTE FUNCTION "skynet_safety_changed"();--> statement-breakpoint
CREATE TRIGGER "muted_words_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "muted_words"
  FOR EACH ROW EXECUTE FUNCTION "skynet_safety_changed"();
