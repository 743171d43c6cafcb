CREATE TABLE "event_outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid,
	"task" text
);
