-- What a newcomer and an attacker still find (FEATURES.md §17).
-- Who watched a table while its game ran: only they and its players may report from it.
CREATE TABLE "room_watchers" (
	"room_id" bigint NOT NULL REFERENCES "rooms"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_watchers_pk" PRIMARY KEY ("room_id", "user_id")
);
--> statement-breakpoint
-- A chat report is open until an admin resolves it: by whom and when (the audit log says why).
ALTER TABLE "chat_reports" ADD COLUMN "resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chat_reports" ADD COLUMN "resolved_by" bigint REFERENCES "users"("id");
