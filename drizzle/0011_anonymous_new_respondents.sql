ALTER TABLE "responses" ADD COLUMN "sent_by_token_id" integer;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_sent_by_token_id_student_tokens_id_fk" FOREIGN KEY ("sent_by_token_id") REFERENCES "public"."student_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "responses_sent_by_token_idx" ON "responses" USING btree ("sent_by_token_id");--> statement-breakpoint
-- Anonymity against the class's own teacher (issue #35, ADR 188 as amended).
--
-- A release of an anonymous assignment now needs at least the school's
-- threshold of NEW respondents since the previous one: students whose first
-- answer came after it (responses.first_seq > released_through). Changed
-- answers and deletions no longer count: a teacher who controls threshold - 1
-- puppet students could otherwise make the changes that complete a release
-- around one child's answer, as often as they like. Each puppet is new only
-- once, so every release holds at least one real new respondent, and nothing
-- any screen, export or stream shows says which one.
CREATE OR REPLACE FUNCTION "anonymous_release_due"("aid" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  threshold integer;
  through bigint := 0;
  fresh integer;
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
  SELECT r.released_through INTO through FROM anonymous_releases r WHERE r.assignment_id = aid;
  through := coalesce(through, 0);
  -- first_seq <= change_seq, so the (assignment_id, change_seq) index narrows the walk to the unreleased rows.
  SELECT count(*) INTO fresh FROM responses
   WHERE assignment_id = aid AND change_seq > through AND first_seq > through;
  IF fresh < threshold THEN
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
  -- The live results of an anonymous assignment move at its releases only (below).
  PERFORM assignment_changed(aid);
END
$$;
--> statement-breakpoint
-- An anonymous assignment's answers are not announced one by one: its change
-- counter and events (live results, ADR 205) move when a release is made, so
-- a stream never shows the moment one answer came in or changed.
CREATE OR REPLACE FUNCTION "responses_live_after_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN
    SELECT DISTINCT n.assignment_id FROM new_rows n JOIN assignments a ON a.id = n.assignment_id AND NOT a.anonymous ORDER BY 1
  LOOP
    PERFORM assignment_changed(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deletion of an anonymous assignment's response is not announced either
-- (while the assignment's own deletion cascades, it is gone already: announced as before).
CREATE OR REPLACE FUNCTION "responses_live_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN
    SELECT DISTINCT o.assignment_id FROM old_rows o
     WHERE NOT EXISTS (SELECT 1 FROM assignments a WHERE a.id = o.assignment_id AND a.anonymous)
     ORDER BY 1
  LOOP
    PERFORM assignment_changed(aid);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The audit log keeps no event of an anonymous answer at all (its time would
-- say when the student answered): earlier ones go.
DELETE FROM "audit_events" e
 USING "assignments" a
 WHERE e.action IN ('response.submit', 'response.replace')
   AND jsonb_typeof(e.details -> 'assignmentId') = 'number'
   AND a.id = (e.details ->> 'assignmentId')::integer
   AND a.anonymous;
