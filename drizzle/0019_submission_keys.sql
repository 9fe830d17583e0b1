CREATE TABLE "submission_keys" (
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"key" text NOT NULL,
	"answers_digest" text NOT NULL,
	"response_id" integer,
	"submitted_at" timestamp with time zone,
	"kept" boolean DEFAULT false NOT NULL,
	CONSTRAINT "submission_keys_assignment_id_student_id_key_pk" PRIMARY KEY("assignment_id","student_id","key")
);
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_keys" ADD CONSTRAINT "submission_keys_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_keys" ADD CONSTRAINT "submission_keys_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_keys" ADD CONSTRAINT "submission_keys_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_keys_response_id_idx" ON "submission_keys" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "submission_keys_student_id_idx" ON "submission_keys" USING btree ("student_id");