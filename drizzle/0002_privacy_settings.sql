ALTER TABLE "schools" ADD COLUMN "retention_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "min_group_size" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_retention_months_check" CHECK ("schools"."retention_months" between 1 and 120);--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_min_group_size_check" CHECK ("schools"."min_group_size" between 3 and 100);