CREATE TABLE "company_register_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL,
	"status" text,
	"address" text,
	"incorporation_date" date,
	"sic" text[] DEFAULT '{}' NOT NULL,
	"officers" jsonb,
	"import_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_register_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid,
	"to_address" text NOT NULL,
	"recipient_user_id" uuid,
	"subject" text NOT NULL,
	"branding_id" uuid,
	"language" text NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"use" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_register_entries" ADD CONSTRAINT "company_register_entries_import_id_company_register_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."company_register_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_register_imports" ADD CONSTRAINT "company_register_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_emails" ADD CONSTRAINT "tool_emails_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_emails" ADD CONSTRAINT "tool_emails_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_emails" ADD CONSTRAINT "tool_emails_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_prompts" ADD CONSTRAINT "ai_prompts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_register_entries_number_idx" ON "company_register_entries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "company_register_entries_name_idx" ON "company_register_entries" USING btree ("name_search");--> statement-breakpoint
CREATE INDEX "tool_emails_sent_at_idx" ON "tool_emails" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_prompts_use_version_uq" ON "ai_prompts" USING btree ("use","version");--> statement-breakpoint
CREATE INDEX "ai_prompts_use_idx" ON "ai_prompts" USING btree ("use");