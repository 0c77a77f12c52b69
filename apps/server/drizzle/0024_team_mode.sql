-- Two against two (FEATURES.md §16): a room's team mode. Games stored before it read as false
-- (the engine's GameOptions.is_team_mode is optional). 52-card rooms need no change: deck_size is
-- a smallint without a check.
ALTER TABLE "rooms" ADD COLUMN "is_team_mode" boolean DEFAULT false NOT NULL;
