ALTER TABLE "classes" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sourced_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_school_sourced_id_unique" ON "classes" USING btree ("school_id","sourced_id") WHERE "classes"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_sourced_id_unique" ON "students" USING btree ("school_id","sourced_id") WHERE "students"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_school_sourced_id_unique" ON "users" USING btree ("school_id","sourced_id") WHERE "users"."sourced_id" is not null;