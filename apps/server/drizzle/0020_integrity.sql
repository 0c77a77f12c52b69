-- Fair play (FEATURES.md §12). A frozen account's open case: the money paths' one guard (the
-- responsible-play engineer's stake-guard) refuses 403 account/frozen while it is set. Added with
-- IF NOT EXISTS because their migration adds the same column.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "frozen_case_id" integer;
--> statement-breakpoint
-- Who signed in from where: the web's random device id (local storage), the client address and
-- the Telegram user. Linked accounts (same device id, same Telegram user) are read from here.
CREATE TABLE "sign_in_events" (
  "id" bigserial PRIMARY KEY,
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "kind" text NOT NULL,
  "device_id" text,
  "address" text,
  "telegram_id" bigint,
  "at" timestamp with time zone NOT NULL,
  CONSTRAINT "sign_in_events_kind" CHECK ("kind" in ('register','login','telegram'))
);
--> statement-breakpoint
CREATE INDEX "sign_in_events_user_idx" ON "sign_in_events" ("user_id", "at");
--> statement-breakpoint
CREATE INDEX "sign_in_events_device_idx" ON "sign_in_events" ("device_id") WHERE "device_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "sign_in_events_telegram_idx" ON "sign_in_events" ("telegram_id") WHERE "telegram_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "sign_in_events_address_idx" ON "sign_in_events" ("address", "at");
--> statement-breakpoint
-- What made a step: null for the player's own move, 'stand_in' when the computer played the seat,
-- 'timeout' / 'left' for the timer and leaving. The stand-in share and the rating rule read it.
ALTER TABLE "game_events" ADD COLUMN "cause" text;
--> statement-breakpoint
-- A finished game waiting for the integrity scan (a sweeper task; never the move path).
CREATE TABLE "integrity_queue" (
  "room_id" bigint PRIMARY KEY,
  "due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- One case per group of accounts: `group_key` names the group (kind and its accounts), unique, so
-- the scan that finds the same ring again updates its case instead of opening a second one.
CREATE TABLE "integrity_cases" (
  "id" serial PRIMARY KEY,
  "group_key" text NOT NULL UNIQUE,
  "kind" text NOT NULL,
  "score" double precision NOT NULL,
  "status" text NOT NULL DEFAULT 'open',
  "chips_moved" bigint NOT NULL DEFAULT 0,
  "games" bigint[] NOT NULL DEFAULT '{}',
  "evidence" jsonb NOT NULL,
  "opened_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "frozen_by" bigint REFERENCES "users"("id"),
  "frozen_at" timestamp with time zone,
  "resolved_by" bigint REFERENCES "users"("id"),
  "resolved_at" timestamp with time zone,
  "resolution" text,
  "settlement" jsonb,
  CONSTRAINT "integrity_cases_status" CHECK ("status" in ('open','frozen','confirmed','dismissed')),
  CONSTRAINT "integrity_cases_kind" CHECK ("kind" in ('chip_dumping','linked_accounts','soft_play','machine_play','stand_in_share'))
);
--> statement-breakpoint
CREATE INDEX "integrity_cases_status_idx" ON "integrity_cases" ("status", "opened_at");
--> statement-breakpoint
CREATE TABLE "integrity_case_accounts" (
  "case_id" integer NOT NULL REFERENCES "integrity_cases"("id"),
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "role" text NOT NULL,
  CONSTRAINT "integrity_case_accounts_pk" PRIMARY KEY ("case_id", "user_id"),
  CONSTRAINT "integrity_case_accounts_role" CHECK ("role" in ('receiver','feeder','member'))
);
--> statement-breakpoint
CREATE INDEX "integrity_case_accounts_user_idx" ON "integrity_case_accounts" ("user_id");
