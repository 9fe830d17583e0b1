CREATE TABLE "response_tallies" (
	"assignment_id" integer NOT NULL,
	"question_uid" text NOT NULL,
	"value_key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "response_tallies_assignment_id_question_uid_value_key_pk" PRIMARY KEY("assignment_id","question_uid","value_key")
);
--> statement-breakpoint
-- What one response adds to the tallies (ADR 066). Blank and null answers
-- count as not answered, as on the results screen; strings are keyed by
-- their md5 so that a key stays short whatever the text's length.
CREATE FUNCTION "response_tally_keys"("answers" jsonb)
RETURNS TABLE ("question_uid" text, "value_key" text)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT '', ''
  UNION ALL
  SELECT e.key, ''
    FROM jsonb_each(CASE WHEN jsonb_typeof(answers) = 'object' THEN answers ELSE '{}'::jsonb END) e
   WHERE e.key <> ''
     AND jsonb_typeof(e.value) <> 'null'
     AND btrim(e.value #>> '{}') <> ''
  UNION ALL
  SELECT e.key,
         CASE jsonb_typeof(e.value)
           WHEN 'string' THEN 's:' || md5(e.value #>> '{}')
           WHEN 'number' THEN 'n:' || (e.value #>> '{}')
           ELSE 'b:' || (e.value #>> '{}')
         END
    FROM jsonb_each(CASE WHEN jsonb_typeof(answers) = 'object' THEN answers ELSE '{}'::jsonb END) e
   WHERE e.key <> ''
     AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean')
     AND btrim(e.value #>> '{}') <> ''
$$;
--> statement-breakpoint
-- Adds (delta 1) or takes away (delta -1) whole responses. Keys are written
-- in one sorted order, so concurrent writers lock rows in the same order.
CREATE FUNCTION "response_tallies_add"("assignment_ids" integer[], "answer_sets" jsonb[], "deltas" integer[])
RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO response_tallies AS t (assignment_id, question_uid, value_key, count)
  SELECT c.assignment_id, k.question_uid, k.value_key, sum(c.delta)::int
    FROM unnest(assignment_ids, answer_sets, deltas) AS c(assignment_id, answers, delta)
    CROSS JOIN LATERAL response_tally_keys(c.answers) k
   GROUP BY 1, 2, 3
  HAVING sum(c.delta) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (assignment_id, question_uid, value_key) DO UPDATE SET count = t.count + excluded.count;
  DELETE FROM response_tallies WHERE count = 0 AND assignment_id = ANY (assignment_ids);
$$;
--> statement-breakpoint
CREATE FUNCTION "response_tallies_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM response_tallies_add(array_agg(assignment_id), array_agg(answers), array_agg(1)) FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "response_tallies_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM response_tallies_add(array_agg(c.assignment_id), array_agg(c.answers), array_agg(c.delta))
     FROM (SELECT assignment_id, answers, 1 AS delta FROM new_rows
           UNION ALL
           SELECT assignment_id, answers, -1 AS delta FROM old_rows) c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "response_tallies_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM response_tallies_add(array_agg(assignment_id), array_agg(answers), array_agg(-1)) FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The migrations run in one transaction. Responses are locked against writes
-- from here to its commit, so no response written by another instance (one
-- still running the previous version) can fall between the fill and the
-- triggers.
LOCK TABLE "responses" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "response_tallies" ("assignment_id", "question_uid", "value_key", "count")
SELECT r.assignment_id, k.question_uid, k.value_key, count(*)::int
  FROM "responses" r
  CROSS JOIN LATERAL response_tally_keys(r.answers) k
 GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER "responses_tally_insert" AFTER INSERT ON "responses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION response_tallies_after_insert();
--> statement-breakpoint
CREATE TRIGGER "responses_tally_update" AFTER UPDATE ON "responses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION response_tallies_after_update();
--> statement-breakpoint
CREATE TRIGGER "responses_tally_delete" AFTER DELETE ON "responses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION response_tallies_after_delete();
