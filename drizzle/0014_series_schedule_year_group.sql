CREATE TABLE "assignment_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "assignments_class_survey_unique";--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "year_group" text;--> statement-breakpoint
ALTER TABLE "assignment_series" ADD CONSTRAINT "assignment_series_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_series" ADD CONSTRAINT "assignment_series_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_series" ADD CONSTRAINT "assignment_series_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_series_class_id_idx" ON "assignment_series" USING btree ("class_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_series_id_assignment_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."assignment_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_series_id_idx" ON "assignments" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_class_survey_unique" ON "assignments" USING btree ("class_id","survey_id") WHERE "assignments"."series_id" is null;