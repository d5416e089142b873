CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_hash" text NOT NULL,
	"undo_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirm_expires_at" timestamp with time zone NOT NULL,
	"undo_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "auth_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_confirm_idx" ON "email_changes" USING btree ("confirm_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_idx" ON "email_changes" USING btree ("undo_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Revoking a session (or deleting it, or its account) is announced at commit on the channel of drizzle/0002, as
-- `s:<session id>`, whatever wrote it (the API, the admin CLI, SQL by hand): every API process drops its cached
-- entry and ends the live sockets of that session within the second (src/plugins/app/session-sockets.ts).
CREATE FUNCTION "skynet_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('skynet_user_changed', 's:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_notify" AFTER UPDATE OF "revoked_at", "expires_at" ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION "skynet_session_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "skynet_session_changed"();
