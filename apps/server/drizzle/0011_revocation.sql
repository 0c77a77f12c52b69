-- Going live (FEATURES.md §8): revocation, bans, one practice room per user, look-alike names.
-- An access token carries the user's token_version; raising it (role change, ban, password
-- change, sign out everywhere) refuses every older token on the next request. Tokens issued
-- before this column existed carry none and count as 0, so the deploy signs nobody out.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A ban: banned_at set while it holds; banned_until null = until lifted by hand.
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;
--> statement-breakpoint
-- The UTS #39 confusable skeleton of the username ('аdmin' in Cyrillic and 'admin' share one).
-- Computed by the server (the confusables data is a library, not SQL), which fills the rows
-- that have none at start; a pre-existing look-alike pair keeps the second one null rather than
-- failing this migration.
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_idx" ON "users" ("username_skeleton");
--> statement-breakpoint
-- The creator of a practice game still being played, and null otherwise: the unique index makes
-- "one practice game per user" a fact of the database, so concurrent creations make one room.
-- Existing rooms stay null (the service's own read still sees them).
ALTER TABLE "rooms" ADD COLUMN "practice_user_id" bigint REFERENCES "users"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_one_practice_per_user_idx" ON "rooms" ("practice_user_id");
