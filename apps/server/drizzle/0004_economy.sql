CREATE TABLE "assets" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"price" bigint NOT NULL,
	"balance_type" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "assets_type" CHECK ("assets"."type" in ('CARD_BACK','TABLE')),
	CONSTRAINT "assets_price" CHECK ("assets"."price" >= 0),
	CONSTRAINT "assets_wallet_type" CHECK ("assets"."balance_type" in ('BALANCE','BONUS_BALANCE'))
);
--> statement-breakpoint
CREATE TABLE "daily_rewards" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"streak_day" integer NOT NULL,
	"amount" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_rewards_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"wallet_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pay_url" text,
	"external_charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deposits_external_charge_id_unique" UNIQUE("external_charge_id"),
	CONSTRAINT "deposits_user_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending','completed')),
	CONSTRAINT "deposits_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"balance_type" text NOT NULL,
	"amount" bigint,
	"image_url" text NOT NULL,
	"from_wallet" text,
	"to_wallet" text,
	"from_amount" bigint,
	"to_amount" bigint,
	"sort_order" integer NOT NULL,
	CONSTRAINT "products_kind" CHECK ("products"."kind" in ('chips','conversion')),
	CONSTRAINT "products_conversion_complete" CHECK ("products"."kind" <> 'conversion' or ("products"."from_wallet" is not null and "products"."to_wallet" is not null and "products"."from_wallet" <> "products"."to_wallet" and "products"."from_amount" > 0 and "products"."to_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"promo_code_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_uses_promo_code_id_user_id_pk" PRIMARY KEY("promo_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"amount" bigint NOT NULL,
	"wallet_type" text NOT NULL,
	"max_uses" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."used_count" >= 0 and "promo_codes"."used_count" <= "promo_codes"."max_uses"),
	CONSTRAINT "promo_codes_positive" CHECK ("promo_codes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_assets" (
	"user_id" bigint NOT NULL,
	"asset_id" integer NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_assets_user_id_asset_id_pk" PRIMARY KEY("user_id","asset_id")
);
--> statement-breakpoint
ALTER TABLE "daily_rewards" ADD CONSTRAINT "daily_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_assets" ADD CONSTRAINT "user_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_assets" ADD CONSTRAINT "user_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_user_idx" ON "promo_code_uses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_idx" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_assets_one_active" ON "user_assets" USING btree ("user_id","type") WHERE "user_assets"."is_active";