-- The player's pages (FEATURES.md §3): rating and career totals, the rating history, referral
-- bonuses that are due, and the video view counter.
CREATE TABLE "player_stats" (
	"user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"rating" double precision DEFAULT 1500 NOT NULL,
	"rd" double precision DEFAULT 350 NOT NULL,
	"volatility" double precision DEFAULT 0.06 NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"defeats" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"best_streak" integer DEFAULT 0 NOT NULL,
	"won_balance" bigint DEFAULT 0 NOT NULL,
	"lost_balance" bigint DEFAULT 0 NOT NULL,
	"won_bonus" bigint DEFAULT 0 NOT NULL,
	"lost_bonus" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "player_stats_rating_idx" ON "player_stats" ("rating" DESC, "user_id");
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"user_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"result" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rating_history_pk" PRIMARY KEY("user_id","room_id")
);
--> statement-breakpoint
CREATE INDEX "rating_history_at_idx" ON "rating_history" ("at", "user_id");
--> statement-breakpoint
CREATE TABLE "referral_bonuses" (
	"friend_id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "referral_bonuses_due_idx" ON "referral_bonuses" ("due_at") WHERE "paid_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "video_views" (
	"video_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "video_views_pk" PRIMARY KEY("video_id","user_id","day")
);
