CREATE TABLE "game_events" (
	"room_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"action" jsonb,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_events_room_id_seq_pk" PRIMARY KEY("room_id","seq")
);
--> statement-breakpoint
CREATE TABLE "room_seats" (
	"room_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"is_ready" boolean DEFAULT false NOT NULL,
	"ready_deadline" timestamp with time zone,
	"seated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_seats_room_id_position_pk" PRIMARY KEY("room_id","position"),
	CONSTRAINT "room_seats_one_per_user" UNIQUE("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"creator_id" bigint NOT NULL,
	"bet_amount" bigint NOT NULL,
	"balance_type" text NOT NULL,
	"player_count" smallint NOT NULL,
	"deck_size" smallint NOT NULL,
	"is_speed_mode" boolean NOT NULL,
	"is_transfer_allowed" boolean NOT NULL,
	"is_cheating_allowed" boolean NOT NULL,
	"is_draw_allowed" boolean NOT NULL,
	"is_death_match_allowed" boolean NOT NULL,
	"is_classic_mode_allowed" boolean NOT NULL,
	"card_transfer_permission" text NOT NULL,
	"secret_trump_mode" boolean NOT NULL,
	"password_hash" text,
	"game_state" jsonb,
	"seq" integer DEFAULT 0 NOT NULL,
	"seed_hash" text,
	"timer_started_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rooms_status" CHECK ("rooms"."status" in ('pending','ready','in_progress','FINISHED')),
	CONSTRAINT "rooms_bet_positive" CHECK ("rooms"."bet_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_seats" ADD CONSTRAINT "room_seats_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_seats" ADD CONSTRAINT "room_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_seats_user_idx" ON "room_seats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rooms_expires_idx" ON "rooms" USING btree ("expires_at") WHERE "rooms"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "rooms_lobby_idx" ON "rooms" USING btree ("created_at") WHERE "rooms"."status" <> 'FINISHED';