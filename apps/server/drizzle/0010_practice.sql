-- Practice rooms (FEATURES.md §7): computer players are system users that never sign in (no
-- password, no Telegram id) and a room with bots carries their level; null = a room of people.
ALTER TABLE "users" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "bot_level" text;
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_bot_level" CHECK ("bot_level" in ('easy','normal','hard'));
--> statement-breakpoint
-- The creator's running practice game, looked up at every practice room's creation.
CREATE INDEX "rooms_practice_idx" ON "rooms" ("creator_id") WHERE "bot_level" is not null and "status" = 'in_progress';
