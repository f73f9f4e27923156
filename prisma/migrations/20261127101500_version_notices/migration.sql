-- Live updates: every change of a version's revision (an edit of its works, relations or fields) or of its
-- calculation (status, time) notifies the channel takt_version when its transaction commits, to every
-- server process that listens (docs/architecture.md, "Live updates"). The payload is only which version:
-- a listener reads what changed itself, so the 8000-byte limit of a notice never matters.
CREATE FUNCTION takt_version_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revision IS DISTINCT FROM OLD.revision
     OR NEW."calcStatus" IS DISTINCT FROM OLD."calcStatus"
     OR NEW."calculatedAt" IS DISTINCT FROM OLD."calculatedAt" THEN
    PERFORM pg_notify('takt_version', json_build_object('s', NEW."spaceId", 'v', NEW.id)::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER versions_notice AFTER UPDATE ON "versions"
  FOR EACH ROW EXECUTE FUNCTION takt_version_notice();
