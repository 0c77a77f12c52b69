-- The stand-in (FEATURES.md §11): the computer plays for a dropped player until they return.
-- Kept in the room row, beside time_banks, because every step already reads and locks that row:
-- the sweeper on any node decides from it alone, and a restart loses nothing.
-- stand_ins: player id -> true while the computer plays that seat.
ALTER TABLE "rooms" ADD COLUMN "stand_ins" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- offline_since: player id -> ISO time their last connection to the room's channel went away.
ALTER TABLE "rooms" ADD COLUMN "offline_since" jsonb DEFAULT '{}'::jsonb NOT NULL;
