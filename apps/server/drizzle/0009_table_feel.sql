-- The table's feel (FEATURES.md §6). A finished room's rematch: set once, under the finished
-- room's row lock, so every player of that game who asks for a rematch lands in the same room.
ALTER TABLE "rooms" ADD COLUMN "rematch_room_id" bigint;
--> statement-breakpoint
-- Each player's time bank in ms (player id -> ms), filled when the game starts; when the bank of
-- the awaited players is running, since when (the deadline in expires_at is then the bank's end).
ALTER TABLE "rooms" ADD COLUMN "time_banks" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "bank_started_at" timestamp with time zone;
--> statement-breakpoint
-- Why a player left the game early (player id -> 'timeout' | 'surrender' | 'left').
ALTER TABLE "rooms" ADD COLUMN "exit_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL;
