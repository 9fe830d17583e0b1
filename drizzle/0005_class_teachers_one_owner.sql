-- One owner per class (ADR 111). Existing data first: where a class has several owners, the
-- longest-serving one keeps ownership; where it has teachers but no owner, the longest-serving
-- teacher becomes the owner. Then the index keeps it so.
UPDATE "class_teachers" ct SET "role" = 'co-teacher'
WHERE ct."role" = 'owner' AND EXISTS (
  SELECT 1 FROM "class_teachers" other
  WHERE other."class_id" = ct."class_id" AND other."role" = 'owner'
    AND (other."created_at", other."user_id") < (ct."created_at", ct."user_id")
);--> statement-breakpoint
UPDATE "class_teachers" ct SET "role" = 'owner'
WHERE NOT EXISTS (SELECT 1 FROM "class_teachers" o WHERE o."class_id" = ct."class_id" AND o."role" = 'owner')
  AND NOT EXISTS (
    SELECT 1 FROM "class_teachers" other
    WHERE other."class_id" = ct."class_id"
      AND (other."created_at", other."user_id") < (ct."created_at", ct."user_id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_one_owner" ON "class_teachers" USING btree ("class_id") WHERE "class_teachers"."role" = 'owner';
