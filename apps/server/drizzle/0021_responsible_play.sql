-- Responsible play (FEATURES.md §13). One row per player who set anything: their limits, their
-- break or self-exclusion, the age they confirmed, and the next reality check (a timed row, swept
-- with FOR UPDATE SKIP LOCKED). A limit is null when there is none.
CREATE TABLE "responsible_limits" (
  "user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "deposit_day" bigint,
  "deposit_week" bigint,
  "deposit_month" bigint,
  "loss_day" bigint,
  "loss_week" bigint,
  "loss_month" bigint,
  "session_minutes" integer,
  "reality_check_minutes" integer,
  "timeout_until" timestamp with time zone,
  "excluded_until" timestamp with time zone,
  "birth_date" date,
  "age_confirmed_at" timestamp with time zone,
  "is_underage" boolean DEFAULT false NOT NULL,
  "reality_check_due_at" timestamp with time zone,
  "reality_check_shown_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "responsible_limits_positive" CHECK (
    coalesce("deposit_day", 1) > 0 AND coalesce("deposit_week", 1) > 0 AND coalesce("deposit_month", 1) > 0 AND
    coalesce("loss_day", 1) > 0 AND coalesce("loss_week", 1) > 0 AND coalesce("loss_month", 1) > 0
  )
);
--> statement-breakpoint
CREATE INDEX "responsible_limits_reality_check_idx" ON "responsible_limits" ("reality_check_due_at") WHERE "reality_check_due_at" IS NOT NULL;
--> statement-breakpoint
-- A raised or removed limit waits 24 hours here (value null = removed); a lower value deletes it.
CREATE TABLE "responsible_pending_limits" (
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "name" text NOT NULL,
  "value" bigint,
  "effective_at" timestamp with time zone NOT NULL,
  CONSTRAINT "responsible_pending_limits_pk" PRIMARY KEY ("user_id", "name")
);
--> statement-breakpoint
-- Fair play's freeze (§12): the stake guard refuses a frozen account with account/frozen. The
-- fair-play migration adds the same column; whichever runs first makes it.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "frozen_case_id" integer;
--> statement-breakpoint
-- The slot's spacing (2.5 s between spins) is measured on the spin lock's row, by the server's clock.
ALTER TABLE "bandit_seeds" ADD COLUMN "last_spin_at" timestamp with time zone;
