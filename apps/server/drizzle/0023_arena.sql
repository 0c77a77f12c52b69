-- Arena tournaments (FEATURES.md §15): a clock instead of rounds, points and streaks per entry,
-- and the pairing state (who is free since when, at which table, and their last table).
ALTER TABLE "tournaments" ADD COLUMN "format" text DEFAULT 'knockout' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "duration_minutes" integer;
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_format" CHECK ("format" in ('knockout','arena'));
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "games" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "wins" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "streak" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "is_paused" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "current_room_id" bigint;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "last_room_id" bigint;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "free_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "scored_at" timestamp with time zone;
