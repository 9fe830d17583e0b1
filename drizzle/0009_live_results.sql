CREATE TABLE "assignment_changes" (
	"assignment_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_changes" ADD CONSTRAINT "assignment_changes_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Live results (ADR 205): every change a results screen shows becomes one
-- event per assignment, sent by PostgreSQL itself at COMMIT (NOTIFY is
-- delivered only then, and dropped on rollback), so whichever way a
-- response is written or deleted it is announced, and nothing is announced
-- that did not happen. The payload is the assignment id only; listeners read
-- the state themselves. The counter row serves the poll mode
-- (LIVE_RESULTS_MODE=poll) behind a pooler that cannot LISTEN.
CREATE SEQUENCE "assignment_change_seq";
--> statement-breakpoint
CREATE FUNCTION "assignment_changed"("aid" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- While an assignment's own deletion cascades to its responses, it is gone
  -- already: no counter row (its row cascades too), only the event.
  INSERT INTO assignment_changes AS c (assignment_id, seq, changed_at)
  SELECT aid, nextval('assignment_change_seq'), now() WHERE EXISTS (SELECT 1 FROM assignments WHERE id = aid)
  ON CONFLICT (assignment_id) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at;
  PERFORM pg_notify('assignment_changes', aid::text);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "responses_live_after_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN SELECT DISTINCT n.assignment_id FROM new_rows n ORDER BY 1 LOOP
    PERFORM assignment_changed(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "responses_live_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN SELECT DISTINCT o.assignment_id FROM old_rows o ORDER BY 1 LOOP
    PERFORM assignment_changed(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named to run after responses_tally_* and responses_unreleased_* (triggers
-- fire in name order): the counter row is the last lock a write takes.
CREATE TRIGGER "responses_zz_live_insert" AFTER INSERT ON "responses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION responses_live_after_write();
--> statement-breakpoint
CREATE TRIGGER "responses_zz_live_update" AFTER UPDATE ON "responses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION responses_live_after_write();
--> statement-breakpoint
CREATE TRIGGER "responses_zz_live_delete" AFTER DELETE ON "responses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION responses_live_after_delete();
--> statement-breakpoint
-- Started, closed, reopened or made anonymous: the results screen shows it at once.
CREATE FUNCTION "assignments_live_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM assignment_changed(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "assignments_live_update" AFTER UPDATE ON "assignments" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.anonymous IS DISTINCT FROM NEW.anonymous
        OR OLD.started_at IS DISTINCT FROM NEW.started_at OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION assignments_live_after_update();
--> statement-breakpoint
-- A student joining or leaving the class changes the open assignments' response rate and lists.
CREATE FUNCTION "class_students_live_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN
    SELECT a.id FROM assignments a
     WHERE a.class_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.class_id ELSE NEW.class_id END) AND a.status = 'active'
     ORDER BY 1
  LOOP
    PERFORM assignment_changed(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_students_live_change" AFTER INSERT OR DELETE ON "class_students" FOR EACH ROW
  EXECUTE FUNCTION class_students_live_after_change();
--> statement-breakpoint
-- The projector shows a written answer or drawing once the teacher reveals it.
CREATE FUNCTION "result_reveals_live_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM assignment_changed(CASE WHEN TG_OP = 'DELETE' THEN OLD.assignment_id ELSE NEW.assignment_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "result_reveals_live_change" AFTER INSERT OR DELETE ON "result_reveals" FOR EACH ROW
  EXECUTE FUNCTION result_reveals_live_after_change();
