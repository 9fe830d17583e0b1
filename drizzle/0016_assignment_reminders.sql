CREATE TABLE "assignment_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"sent_by_user_id" integer,
	"to_whole_class" boolean NOT NULL,
	"reminded_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "student_reminders" ADD CONSTRAINT "student_reminders_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_reminders" ADD CONSTRAINT "student_reminders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_reminders_assignment_id_idx" ON "assignment_reminders" USING btree ("assignment_id","sent_at");--> statement-breakpoint
CREATE INDEX "student_reminders_student_id_idx" ON "student_reminders" USING btree ("student_id");