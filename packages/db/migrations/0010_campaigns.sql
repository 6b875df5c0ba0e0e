CREATE TABLE "campaign_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"outbox_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"bounced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_enrolment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"campaign_id" uuid,
	"note" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" text
);
--> statement-breakpoint
CREATE TABLE "campaign_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"campaign_id" uuid,
	"supplier_key" text NOT NULL,
	"supplier_id" text,
	"supplier_name" text NOT NULL,
	"country" text,
	"spend" double precision DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"contact_email" text,
	"missing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source_kind" text NOT NULL,
	"use_case_id" text,
	"use_case_name" text,
	"filter" jsonb,
	"owner_id" uuid,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"stage_status" text DEFAULT 'Pending' NOT NULL,
	"template_subject" text DEFAULT '' NOT NULL,
	"template_body" text DEFAULT '' NOT NULL,
	"scheduled_start" timestamp with time zone,
	"outreach_command_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_enrolment_id_campaign_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."campaign_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolment_events" ADD CONSTRAINT "campaign_enrolment_events_enrolment_id_campaign_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."campaign_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolment_events" ADD CONSTRAINT "campaign_enrolment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_workflow_id_campaign_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."campaign_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_workflows" ADD CONSTRAINT "campaign_workflows_job_id_job_artifacts_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_workflows" ADD CONSTRAINT "campaign_workflows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workflow_id_campaign_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."campaign_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_emails_campaign_enrolment_idx" ON "campaign_emails" USING btree ("campaign_id","enrolment_id");--> statement-breakpoint
CREATE INDEX "campaign_emails_enrolment_idx" ON "campaign_emails" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "campaign_enrolment_events_enrolment_idx" ON "campaign_enrolment_events" USING btree ("enrolment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_enrolments_workflow_supplier_idx" ON "campaign_enrolments" USING btree ("workflow_id","supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_workflow_status_idx" ON "campaign_enrolments" USING btree ("workflow_id","status","campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_workflow_spend_idx" ON "campaign_enrolments" USING btree ("workflow_id","spend" DESC NULLS LAST,"supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_campaign_idx" ON "campaign_enrolments" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_supplier_idx" ON "campaign_enrolments" USING btree ("supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_workflows_job_idx" ON "campaign_workflows" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "campaigns_workflow_idx" ON "campaigns" USING btree ("workflow_id");