-- User search ranks an exact name first, then the other names starting with the text, then names holding it
-- anywhere. The first two are one range of this index (LIKE 'text%' with text_pattern_ops works in any collation),
-- so a page within them sorts only those matches, not every name holding the text (issue 23).
CREATE INDEX "users_user_name_prefix_idx" ON "users" USING btree (lower("user_name") text_pattern_ops);