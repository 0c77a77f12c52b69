CREATE TABLE "bandit_revealed_seeds" (
	"server_seed_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bandit_seeds" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bandit_seeds_server_seed_hash_unique" UNIQUE("server_seed_hash"),
	CONSTRAINT "bandit_seeds_nonce" CHECK ("bandit_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bandit_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"balance_type" text NOT NULL,
	"bet" bigint NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"stops" smallint[] NOT NULL,
	"multiplier" integer NOT NULL,
	"win" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bandit_spins_user_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "bandit_spins_seed_nonce" UNIQUE("server_seed_hash","nonce"),
	CONSTRAINT "bandit_spins_bet_positive" CHECK ("bandit_spins"."bet" > 0),
	CONSTRAINT "bandit_spins_win_not_negative" CHECK ("bandit_spins"."win" >= 0),
	CONSTRAINT "bandit_spins_wallet_type" CHECK ("bandit_spins"."balance_type" in ('BALANCE','BONUS_BALANCE'))
);
--> statement-breakpoint
ALTER TABLE "bandit_revealed_seeds" ADD CONSTRAINT "bandit_revealed_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandit_seeds" ADD CONSTRAINT "bandit_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bandit_spins" ADD CONSTRAINT "bandit_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bandit_spins_user_idx" ON "bandit_spins" USING btree ("user_id","id");