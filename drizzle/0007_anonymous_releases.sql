CREATE TABLE "anonymous_releases" (
	"assignment_id" integer PRIMARY KEY NOT NULL,
	"released_through" bigint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"removed_since_release" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "released_answers" (
	"assignment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"answers" jsonb NOT NULL,
	CONSTRAINT "released_answers_assignment_id_position_pk" PRIMARY KEY("assignment_id","position")
);
--> statement-breakpoint
CREATE TABLE "released_tallies" (
	"assignment_id" integer NOT NULL,
	"question_uid" text NOT NULL,
	"value_key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "released_tallies_assignment_id_question_uid_value_key_pk" PRIMARY KEY("assignment_id","question_uid","value_key")
);
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "first_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "anonymous_releases" ADD CONSTRAINT "anonymous_releases_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_answers" ADD CONSTRAINT "released_answers_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_tallies" ADD CONSTRAINT "released_tallies_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "responses_assignment_change_seq_idx" ON "responses" USING btree ("assignment_id","change_seq");--> statement-breakpoint
-- Releases of anonymous assignments (ADR 188). Teachers and admins see an
-- anonymous assignment's answers only as of its last release, a frozen copy
-- made when at least the school's small-group threshold of responses have
-- been added, changed or deleted since the previous one. Like the tallies
-- (ADR 066) it is kept by triggers, so every way a response is written or
-- deleted counts, with nothing for the app to remember.
--
-- Each new version of a response's answers takes a number from this
-- sequence (responses.change_seq; first_seq is its first version's). A
-- release holds every version numbered up to released_through.
CREATE SEQUENCE "response_change_seq";
--> statement-breakpoint
-- One lock per anonymous assignment (first key "anon", second the
-- assignment id), taken before any of its responses is written or deleted
-- and held to commit: its change numbers then follow commit order, and a
-- release sees every change numbered below its own.
CREATE FUNCTION "anonymous_release_lock"("aid" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM assignments WHERE id = aid AND anonymous) THEN
    PERFORM pg_advisory_xact_lock(1634627438, aid);
  END IF;
END
$$;
--> statement-breakpoint
-- Releases the assignment's answers when enough has changed: at least the
-- threshold of responses added or changed since the last release (plus the
-- released ones deleted since), and at least the threshold in all.
CREATE FUNCTION "anonymous_release_due"("aid" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  threshold integer;
  through bigint := 0;
  removed integer := 0;
  pending integer;
  total integer;
BEGIN
  SELECT greatest(3, s.min_group_size) INTO threshold
    FROM assignments a
    JOIN classes c ON c.id = a.class_id
    JOIN schools s ON s.id = c.school_id
   WHERE a.id = aid AND a.anonymous;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(1634627438, aid);
  SELECT r.released_through, r.removed_since_release INTO through, removed
    FROM anonymous_releases r WHERE r.assignment_id = aid;
  through := coalesce(through, 0);
  removed := coalesce(removed, 0);
  SELECT count(*) INTO pending FROM responses WHERE assignment_id = aid AND change_seq > through;
  IF pending + removed < threshold THEN
    RETURN;
  END IF;
  SELECT count(*) INTO total FROM responses WHERE assignment_id = aid;
  IF total < threshold THEN
    RETURN;
  END IF;
  DELETE FROM released_answers WHERE assignment_id = aid;
  DELETE FROM released_tallies WHERE assignment_id = aid;
  INSERT INTO released_answers (assignment_id, position, answers)
  SELECT aid, row_number() OVER (ORDER BY random()), answers FROM responses WHERE assignment_id = aid;
  INSERT INTO released_tallies (assignment_id, question_uid, value_key, count)
  SELECT aid, k.question_uid, k.value_key, count(*)::int
    FROM released_answers ra
    CROSS JOIN LATERAL response_tally_keys(ra.answers) k
   WHERE ra.assignment_id = aid
   GROUP BY 2, 3;
  INSERT INTO anonymous_releases AS r (assignment_id, released_through, released_at, answer_count, removed_since_release)
  SELECT aid, coalesce(max(change_seq), 0), now(), count(*)::int, 0 FROM responses WHERE assignment_id = aid
  ON CONFLICT (assignment_id) DO UPDATE
    SET released_through = excluded.released_through, released_at = excluded.released_at,
        answer_count = excluded.answer_count, removed_since_release = 0;
END
$$;
--> statement-breakpoint
-- Before a response is written: its change numbers. An unchanged answer
-- set (a resubmission of the same answers) is not a new version.
CREATE FUNCTION "responses_number_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.answers IS NOT DISTINCT FROM OLD.answers THEN
    NEW.change_seq := OLD.change_seq;
    NEW.first_seq := OLD.first_seq;
    RETURN NEW;
  END IF;
  PERFORM anonymous_release_lock(NEW.assignment_id);
  NEW.change_seq := nextval('response_change_seq');
  IF TG_OP = 'INSERT' THEN
    NEW.first_seq := NEW.change_seq;
  ELSE
    NEW.first_seq := OLD.first_seq;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Before a response is deleted: the same lock, so deleters and writers take it in the same order.
CREATE FUNCTION "responses_lock_before_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM anonymous_release_lock(OLD.assignment_id);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "responses_release_after_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN SELECT DISTINCT n.assignment_id FROM new_rows n ORDER BY 1 LOOP
    PERFORM anonymous_release_due(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted response that the release holds counts towards the next
-- release: otherwise the next release would show exactly which answer left
-- with the student. (The assignment's own deletion cascades; its release
-- goes with it.)
CREATE FUNCTION "responses_release_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN
    SELECT DISTINCT o.assignment_id FROM old_rows o JOIN assignments a ON a.id = o.assignment_id AND a.anonymous ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(1634627438, aid);
    UPDATE anonymous_releases r
       SET removed_since_release = r.removed_since_release
         + (SELECT count(*)::int FROM old_rows o WHERE o.assignment_id = aid AND o.first_seq <= r.released_through)
     WHERE r.assignment_id = aid;
    PERFORM anonymous_release_due(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The migrations run in one transaction; responses are locked against
-- writes from here to its commit (as in 0004).
LOCK TABLE "responses" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Number the existing responses in the order they were submitted.
UPDATE "responses" r
   SET change_seq = n.seq, first_seq = n.seq
  FROM (SELECT id, row_number() OVER (ORDER BY submitted_at, id) AS seq FROM "responses") n
 WHERE r.id = n.id;
--> statement-breakpoint
SELECT setval('response_change_seq', coalesce((SELECT max(change_seq) FROM "responses"), 0) + 1, false);
--> statement-breakpoint
CREATE TRIGGER "responses_change_number" BEFORE INSERT OR UPDATE ON "responses"
  FOR EACH ROW EXECUTE FUNCTION responses_number_change();
--> statement-breakpoint
CREATE TRIGGER "responses_change_lock_delete" BEFORE DELETE ON "responses"
  FOR EACH ROW EXECUTE FUNCTION responses_lock_before_delete();
--> statement-breakpoint
-- Named after responses_tally_*, so they run after the tallies' triggers.
CREATE TRIGGER "responses_unreleased_insert" AFTER INSERT ON "responses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION responses_release_after_write();
--> statement-breakpoint
CREATE TRIGGER "responses_unreleased_update" AFTER UPDATE ON "responses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION responses_release_after_write();
--> statement-breakpoint
CREATE TRIGGER "responses_unreleased_delete" AFTER DELETE ON "responses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION responses_release_after_delete();
--> statement-breakpoint
-- Today's anonymous assignments with enough responses show what they show now, as their first release.
SELECT anonymous_release_due(id) FROM "assignments" WHERE anonymous ORDER BY id;
--> statement-breakpoint
-- The audit log keeps no answers of anonymous assignments (ADR 189): earlier
-- events lose the replaced answers, their times and the client's key.
UPDATE "audit_events" e
   SET details = jsonb_build_object('assignmentId', e.details -> 'assignmentId', 'anonymous', true)
  FROM "assignments" a
 WHERE e.action IN ('response.submit', 'response.replace')
   AND jsonb_typeof(e.details -> 'assignmentId') = 'number'
   AND a.id = (e.details ->> 'assignmentId')::integer
   AND a.anonymous;
