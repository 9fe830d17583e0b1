CREATE TABLE "join_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "join_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"token_kind" text DEFAULT 'browser' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"class_code_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "join_requests_status_check" CHECK ("join_requests"."status" in ('waiting', 'admitted', 'refused', 'collected')),
	CONSTRAINT "join_requests_token_kind_check" CHECK ("join_requests"."token_kind" in ('browser', 'app'))
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "join_mode" text DEFAULT 'name' NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "new_names" text DEFAULT 'allow' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tokens" ADD COLUMN "kind" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tokens" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '8 hours' NOT NULL;--> statement-breakpoint
-- Tokens issued before lifetimes existed last one school day from their issue, like every new one.
UPDATE "student_tokens" SET "expires_at" = "created_at" + interval '8 hours';--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "personal_code" text;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_class_code_id_class_codes_id_fk" FOREIGN KEY ("class_code_id") REFERENCES "public"."class_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_secret_unique" ON "join_requests" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "join_requests_class_status_idx" ON "join_requests" USING btree ("class_id","status");--> statement-breakpoint
CREATE INDEX "join_requests_student_id_idx" ON "join_requests" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_personal_code_unique" ON "students" USING btree ("school_id","personal_code") WHERE "students"."personal_code" is not null;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_join_mode_check" CHECK ("classes"."join_mode" in ('name', 'personal-code'));--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_new_names_check" CHECK ("classes"."new_names" in ('allow', 'hold', 'refuse'));--> statement-breakpoint
ALTER TABLE "student_tokens" ADD CONSTRAINT "student_tokens_kind_check" CHECK ("student_tokens"."kind" in ('browser', 'app'));