-- Fair play (FEATURES.md §12): what the replay of a finished game found about each person's play,
-- written once by the background scan (integrity/replay.ts) and read by the signals: how many of
-- the player's own late-game choices were compared with the `hard` bot's and how many matched
-- (machine play), and the moves a `hard` bot would never make (chip dumping).
CREATE TABLE "integrity_seat_facts" (
	"room_id" bigint NOT NULL REFERENCES "rooms"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"decisions" integer NOT NULL DEFAULT 0,
	"matches" integer NOT NULL DEFAULT 0,
	"gifts" integer NOT NULL DEFAULT 0,
	CONSTRAINT "integrity_seat_facts_pk" PRIMARY KEY ("room_id", "user_id")
);
