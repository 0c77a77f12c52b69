-- Operator's tools (FEATURES.md §9). An admin disables a promo code instead of deleting it: its
-- uses stay in the books and a redemption of it answers promo/expired.
ALTER TABLE "promo_codes" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A tournament's house fee: whole chips per entry and per rebuy, paid wallet -> house beside the
-- buy-in and never part of the pool. `fees_taken` is the admin list's rake (net of refunds);
-- an entry's `fee_paid` is what a withdrawal or a cancellation gives back.
ALTER TABLE "tournaments" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "fees_taken" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_fee" CHECK ("fee" >= 0 and "fees_taken" >= 0);
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "fee_paid" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The audit page filters by action and resource, newest first.
CREATE INDEX "audit_log_action_idx" ON "audit_log" ("action", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" ("resource", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "at" DESC, "id" DESC);
--> statement-breakpoint
-- The admin user search: a username prefix, letter case ignored (the unique lower() index cannot
-- serve LIKE 'x%' under a non-C collation; text_pattern_ops can).
CREATE INDEX "users_username_prefix_idx" ON "users" (lower("username") text_pattern_ops);
--> statement-breakpoint
-- The same search folding look-alike letters (the UTS #39 skeleton of 0011).
CREATE INDEX "users_username_skeleton_prefix_idx" ON "users" ("username_skeleton" text_pattern_ops);
