CREATE TABLE "sign_in_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_students" ADD COLUMN "close_to_student_id" integer;--> statement-breakpoint
ALTER TABLE "sign_in_cards" ADD CONSTRAINT "sign_in_cards_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_cards" ADD CONSTRAINT "sign_in_cards_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_cards_token_hash_unique" ON "sign_in_cards" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_in_cards_class_student_idx" ON "sign_in_cards" USING btree ("class_id","student_id");--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_close_to_student_id_students_id_fk" FOREIGN KEY ("close_to_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;