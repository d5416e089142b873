-- Exactly-once sends across a lost answer: the sender's Idempotency-Key of POST /api/user/chat (null without one).
-- A retry with the same key finds the stored message instead of storing it again; two racing twins meet at the
-- unique index, and the loser's whole statement (its message number included) rolls back.
ALTER TABLE "messages" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_key_idx" ON "messages" USING btree ("sender_id","client_key") WHERE "messages"."client_key" IS NOT NULL;
