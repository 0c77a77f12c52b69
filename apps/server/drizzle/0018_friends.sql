-- Friends (FEATURES.md §11): one row per direction. An ask is the asker's row, pending; an
-- accepted friendship is two accepted rows, so "my friends" and "who asked me" are each one
-- index range (user_id, status) and (friend_id, status).
CREATE TABLE "friendships" (
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "friend_id" bigint NOT NULL REFERENCES "users"("id"),
  "status" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  CONSTRAINT "friendships_pk" PRIMARY KEY ("user_id", "friend_id"),
  CONSTRAINT "friendships_status" CHECK ("status" in ('pending','accepted')),
  CONSTRAINT "friendships_not_self" CHECK ("user_id" <> "friend_id")
);
--> statement-breakpoint
CREATE INDEX "friendships_incoming_idx" ON "friendships" ("friend_id", "status");
--> statement-breakpoint
-- An invitation to a waiting table: it lets the friend take a seat without the private room's
-- password. Checked at the seat; a room that started or closed makes it worthless.
CREATE TABLE "room_invites" (
  "room_id" bigint NOT NULL REFERENCES "rooms"("id"),
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "invited_by" bigint NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "room_invites_pk" PRIMARY KEY ("room_id", "user_id")
);
