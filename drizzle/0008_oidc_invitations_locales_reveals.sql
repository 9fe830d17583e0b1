CREATE TABLE "result_reveals" (
	"assignment_id" integer NOT NULL,
	"question_uid" text NOT NULL,
	"answer_ref" text NOT NULL,
	"revealed_by_user_id" integer,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_reveals_assignment_id_question_uid_answer_ref_pk" PRIMARY KEY("assignment_id","question_uid","answer_ref")
);
--> statement-breakpoint
CREATE TABLE "school_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"tenant" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "google_domain" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "microsoft_tenant_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "require_provider_sign_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "self_signed_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "result_reveals" ADD CONSTRAINT "result_reveals_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reveals" ADD CONSTRAINT "result_reveals_revealed_by_user_id_users_id_fk" FOREIGN KEY ("revealed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_invitations_token_unique" ON "school_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "school_invitations_school_id_idx" ON "school_invitations" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_unique" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_id_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schools_google_domain_unique" ON "schools" USING btree (lower("google_domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "schools_microsoft_tenant_unique" ON "schools" USING btree (lower("microsoft_tenant_id"));