-- CreateTable
CREATE TABLE "live_events" (
    "id" BIGSERIAL NOT NULL,
    "spaceId" UUID NOT NULL,
    "topic" VARCHAR(80) NOT NULL,
    "kind" VARCHAR(64) NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "live_events_spaceId_id_idx" ON "live_events"("spaceId", "id");

-- CreateIndex
CREATE INDEX "live_events_createdAt_idx" ON "live_events"("createdAt");

-- The live bus (docs/architecture.md, "Live events"). An event is inserted in the transaction of the change it
-- tells about, so it exists only if that change commits. A client resumes after a reconnect from the last id it
-- saw, so within a space ids must become visible in the order they are given: the id taken at insert (the
-- sequence's order of inserts, not of commits) is replaced at commit time, by this deferred trigger, under a
-- lock of the space held until the commit ends — the next transaction of the space numbers its events only
-- after this one is visible. The same trigger notifies channel takt_live (sent at commit, to every listening
-- process): the whole event when it fits a notice's 8000 bytes, else only its id for the listener to read.
CREATE FUNCTION takt_live_event_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  numbered bigint;
  payload text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('takt_live:' || NEW."spaceId"::text, 0));
  UPDATE "live_events" SET id = nextval(pg_get_serial_sequence('"live_events"', 'id'))
    WHERE id = NEW.id RETURNING id INTO numbered;
  payload := json_build_object('i', numbered::text, 's', NEW."spaceId", 't', NEW.topic, 'k', NEW.kind,
    'd', NEW.data, 'c', NEW."createdAt")::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('i', numbered::text, 's', NEW."spaceId")::text;
  END IF;
  PERFORM pg_notify('takt_live', payload);
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER live_events_commit AFTER INSERT ON "live_events"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION takt_live_event_commit();
