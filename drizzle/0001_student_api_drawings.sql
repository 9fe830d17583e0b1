CREATE TABLE "response_drawings" (
	"id" text PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"field_uid" text NOT NULL,
	"png" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "response_drawings" ADD CONSTRAINT "response_drawings_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_drawings" ADD CONSTRAINT "response_drawings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "response_drawings_assignment_student_idx" ON "response_drawings" USING btree ("assignment_id","student_id");--> statement-breakpoint
CREATE INDEX "response_drawings_student_id_idx" ON "response_drawings" USING btree ("student_id");