-- Admin area (FEATURES.md §5): the agent tree, banners, the audit log and the agents' rollups.
-- Hand-written: the trigger and the backfill are beyond what drizzle-kit generates.
ALTER TABLE "users" ADD COLUMN "ancestors" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_played_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_commission_bps_range" CHECK ("users"."commission_bps" between 0 and 10000);--> statement-breakpoint
-- The referral path root-first, fixed at sign-up like parent_id: "everyone below agent X" is
-- `ancestors @> array[X]`, one GIN index lookup however deep the tree (docs/decisions.md).
CREATE FUNCTION "users_set_ancestors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.ancestors := '{}';
  ELSE
    SELECT p.ancestors || p.id INTO NEW.ancestors FROM users p WHERE p.id = NEW.parent_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_ancestors_on_insert" BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "users_set_ancestors"();--> statement-breakpoint
-- Moving a user would leave every descendant's stored path stale: the tree only grows.
CREATE FUNCTION "users_parent_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id OR NEW.ancestors IS DISTINCT FROM OLD.ancestors THEN
    RAISE EXCEPTION 'users.parent_id and users.ancestors never change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_parent_fixed_on_update" BEFORE UPDATE OF "parent_id", "ancestors" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_parent_fixed"();--> statement-breakpoint
-- Users who signed up before this migration: their paths, parents first.
ALTER TABLE "users" DISABLE TRIGGER "users_parent_fixed_on_update";--> statement-breakpoint
WITH RECURSIVE tree AS (
  SELECT id, ARRAY[]::bigint[] AS path FROM users WHERE parent_id IS NULL
  UNION ALL
  SELECT u.id, t.path || u.parent_id FROM users u JOIN tree t ON u.parent_id = t.id
)
UPDATE "users" SET "ancestors" = tree.path FROM tree WHERE users.id = tree.id AND cardinality(tree.path) > 0;--> statement-breakpoint
ALTER TABLE "users" ENABLE TRIGGER "users_parent_fixed_on_update";--> statement-breakpoint
CREATE INDEX "users_ancestors_idx" ON "users" USING gin ("ancestors");--> statement-breakpoint
-- A user's games in the admin user page: finished rooms whose results name the player.
CREATE INDEX "rooms_results_idx" ON "rooms" USING gin ("results" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "users_country_idx" ON "users" USING btree ("country", "id");--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"image_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_interval" CHECK ("banners"."start_date" < "banners"."end_date")
);--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("position", "id");--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" bigint NOT NULL REFERENCES "users"("id"),
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"reason" text
);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);--> statement-breakpoint
-- The audit log is append-only, like the ledger.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- One row per agent per day: what its downline's games and deposits brought (written in the
-- settling transaction). commission_units are chips x basis points, so nothing is lost to rounding
-- per game; the figure is commission_units / 10000.
CREATE TABLE "agent_rollups" (
	"agent_id" bigint NOT NULL REFERENCES "users"("id"),
	"day" date NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"rake" bigint DEFAULT 0 NOT NULL,
	"commission_units" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_rollups_pk" PRIMARY KEY("agent_id", "day")
);
