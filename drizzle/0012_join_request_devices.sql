ALTER TABLE "join_requests" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "device_browser" text;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "device_system" text;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "join_requests_device_id_idx" ON "join_requests" USING btree ("device_id");