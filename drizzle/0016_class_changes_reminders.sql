CREATE TABLE "assignment_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"sent_by_user_id" integer,
	"to_whole_class" boolean NOT NULL,
	"reminded_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_changes" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"join_requests_seq" bigint DEFAULT 0 NOT NULL,
	"roster_seq" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_reminders" (
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_reminders_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_changes" ADD CONSTRAINT "class_changes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_reminders" ADD CONSTRAINT "student_reminders_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_reminders" ADD CONSTRAINT "student_reminders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_reminders_assignment_id_idx" ON "assignment_reminders" USING btree ("assignment_id","sent_at");--> statement-breakpoint
CREATE INDEX "student_reminders_student_id_idx" ON "student_reminders" USING btree ("student_id");--> statement-breakpoint
-- The live class home (issue 36): a device asking to join, admitted, refused
-- or gone, and a child added to or removed from the class list become one
-- event per class on `class_changes`, sent by PostgreSQL at COMMIT (as the
-- assignments' events of 0009). The payload is the class id only; the
-- counters serve the poll mode. A waiting device's own polling (last_seen_at)
-- is no change.
CREATE SEQUENCE "class_change_seq";
--> statement-breakpoint
CREATE FUNCTION "class_changed"("cid" integer, "what" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next_seq bigint := nextval('class_change_seq');
BEGIN
  -- While a class's own deletion cascades, it is gone already: no counter row, only the event.
  INSERT INTO class_changes AS c (class_id, join_requests_seq, roster_seq, changed_at)
  SELECT cid, CASE WHEN what = 'join' THEN next_seq ELSE 0 END, CASE WHEN what = 'roster' THEN next_seq ELSE 0 END, now()
   WHERE EXISTS (SELECT 1 FROM classes WHERE id = cid)
  ON CONFLICT (class_id) DO UPDATE SET
    join_requests_seq = CASE WHEN what = 'join' THEN next_seq ELSE c.join_requests_seq END,
    roster_seq = CASE WHEN what = 'roster' THEN next_seq ELSE c.roster_seq END,
    changed_at = now();
  PERFORM pg_notify('class_changes', cid::text);
END
$$;
--> statement-breakpoint
-- One trigger function for both tables: its argument says what changed ('join' or 'roster').
CREATE FUNCTION "class_live_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM class_changed(CASE WHEN TG_OP = 'DELETE' THEN OLD.class_id ELSE NEW.class_id END, TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "join_requests_class_live_change" AFTER INSERT OR DELETE ON "join_requests" FOR EACH ROW
  EXECUTE FUNCTION class_live_after_change('join');
--> statement-breakpoint
CREATE TRIGGER "join_requests_class_live_update" AFTER UPDATE ON "join_requests" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION class_live_after_change('join');
--> statement-breakpoint
CREATE TRIGGER "class_students_class_live_change" AFTER INSERT OR DELETE ON "class_students" FOR EACH ROW
  EXECUTE FUNCTION class_live_after_change('roster');
