-- Table chat (FEATURES.md §11): every message of a table is a row, so the last 50 come back after
-- a reload from any node, however many game publications the room channel's history has trimmed
-- since; the admins read a reported table's messages from here too.
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL REFERENCES "rooms"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"phrase_id" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_phrase_or_text" CHECK (("phrase_id" is null) <> ("text" is null)),
	CONSTRAINT "chat_messages_text_length" CHECK (char_length("text") between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" ("room_id", "id");
--> statement-breakpoint
-- One report per reporter, reported player and table: a second tap changes nothing.
CREATE TABLE "chat_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL REFERENCES "rooms"("id"),
	"reporter_id" bigint NOT NULL REFERENCES "users"("id"),
	"reported_id" bigint NOT NULL REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reports_once" UNIQUE ("room_id", "reporter_id", "reported_id"),
	CONSTRAINT "chat_reports_reason_length" CHECK (char_length("reason") between 1 and 500)
);
--> statement-breakpoint
CREATE INDEX "chat_reports_created_idx" ON "chat_reports" ("created_at" DESC, "id" DESC);
