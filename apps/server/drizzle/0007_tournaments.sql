-- Tournaments (FEATURES.md §1): a knockout of ordinary rooms. A tournament game is a room row
-- with no stake (bet 0) that names its tournament and round; the pool is the only money.
CREATE TABLE "payout_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL UNIQUE,
	"places" integer[] NOT NULL,
	CONSTRAINT "payout_presets_sum" CHECK (array_length("places", 1) >= 1)
);
--> statement-breakpoint
INSERT INTO "payout_presets" ("id", "name", "places") VALUES
	(1, 'Winner takes all', '{10000}'),
	(2, '50/30/20', '{5000,3000,2000}'),
	(3, '40/24/16/12/8', '{4000,2400,1600,1200,800}'),
	(4, 'Nine places', '{3000,2000,1400,1000,800,600,500,400,300}');
--> statement-breakpoint
SELECT setval('payout_presets_id_seq', 4);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'registration' NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"buy_in" bigint NOT NULL,
	"balance_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"min_players" integer NOT NULL,
	"max_players" integer NOT NULL,
	"room_size" smallint NOT NULL,
	"deck_size" smallint NOT NULL,
	"is_speed_mode" boolean NOT NULL,
	"is_transfer_allowed" boolean NOT NULL,
	"is_cheating_allowed" boolean NOT NULL,
	"is_draw_allowed" boolean NOT NULL,
	"is_death_match_allowed" boolean NOT NULL,
	"is_classic_mode_allowed" boolean NOT NULL,
	"card_transfer_permission" text NOT NULL,
	"secret_trump_mode" boolean NOT NULL,
	"rebuy_rounds" integer DEFAULT 0 NOT NULL,
	"rebuy_price" bigint DEFAULT 0 NOT NULL,
	"guaranteed_pool" bigint DEFAULT 0 NOT NULL,
	"payout_preset_id" integer NOT NULL REFERENCES "payout_presets"("id"),
	"is_pinned" boolean DEFAULT false NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"final_round" integer,
	"due_at" timestamp with time zone,
	"paid_in" bigint DEFAULT 0 NOT NULL,
	"paid_out" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tournaments_status" CHECK ("status" in ('registration','running','paused','finished','cancelled')),
	CONSTRAINT "tournaments_amounts" CHECK ("buy_in" >= 0 AND "rebuy_price" >= 0 AND "guaranteed_pool" >= 0 AND "paid_in" >= 0 AND "paid_out" >= 0),
	CONSTRAINT "tournaments_players" CHECK ("min_players" >= 2 AND "min_players" <= "max_players" AND "room_size" BETWEEN 2 AND 6)
);
--> statement-breakpoint
CREATE INDEX "tournaments_due_idx" ON "tournaments" ("due_at") WHERE "due_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "tournaments_list_idx" ON "tournaments" ("is_pinned" DESC, "starts_at");
--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"tournament_id" bigint NOT NULL REFERENCES "tournaments"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"is_registered" boolean DEFAULT true NOT NULL,
	"registrations" integer DEFAULT 1 NOT NULL,
	"rebuys" integer DEFAULT 0 NOT NULL,
	"paid_in" bigint DEFAULT 0 NOT NULL,
	"is_eliminated" boolean DEFAULT false NOT NULL,
	"eliminated_round" integer,
	"round_reached" integer DEFAULT 0 NOT NULL,
	"last_game_place" integer,
	"place" integer,
	"prize" bigint,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_entries_pk" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "tournament_entries_user_idx" ON "tournament_entries" ("user_id");
--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_bet_positive";
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_bet_not_negative" CHECK ("bet_amount" >= 0);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "tournament_id" bigint REFERENCES "tournaments"("id");
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "tournament_round" integer;
--> statement-breakpoint
CREATE INDEX "rooms_tournament_idx" ON "rooms" ("tournament_id", "tournament_round") WHERE "tournament_id" IS NOT NULL;
