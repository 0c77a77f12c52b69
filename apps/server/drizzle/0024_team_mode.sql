-- More rules (FEATURES.md §16, issue 40). Two against two: a room's team mode. Games stored before
-- it read as false (the engine's GameOptions.is_team_mode is optional). 52-card rooms need no
-- change: deck_size is a smallint without a check.
ALTER TABLE "rooms" ADD COLUMN "is_team_mode" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The seat-order fix: a game dealt before it keeps the old order, so its record replays as played
-- (the engine's is_legacy_seat_order). Rooms dealt by now get true; rooms from now on false.
ALTER TABLE "rooms" ADD COLUMN "is_legacy_seat_order" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "is_legacy_seat_order" SET DEFAULT false;
--> statement-breakpoint
UPDATE "rooms" SET "is_legacy_seat_order" = false WHERE "game_state" IS NULL;
--> statement-breakpoint
-- A game running at this moment reads its options from its stored state: it keeps the old order too.
UPDATE "rooms" SET "game_state" = jsonb_set("game_state", '{options,is_legacy_seat_order}', 'true'::jsonb)
WHERE "game_state" IS NOT NULL;
