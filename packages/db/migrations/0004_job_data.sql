CREATE TABLE "datapoint_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_artifact_id" uuid NOT NULL,
	"data_kind" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_path" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"validation" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_artifact_id" uuid NOT NULL,
	"run_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"message" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_artifact_id" uuid NOT NULL,
	"run_number" integer NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"batch_id" text NOT NULL,
	"scoring_ruleset_version" text,
	"confidence_ruleset_version" text,
	"result_path" text NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_artifacts" ADD COLUMN "status" text DEFAULT 'Draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_artifact_id_job_artifacts_id_fk" FOREIGN KEY ("job_artifact_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_logs" ADD CONSTRAINT "job_logs_job_artifact_id_job_artifacts_id_fk" FOREIGN KEY ("job_artifact_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_logs" ADD CONSTRAINT "job_logs_run_id_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."job_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_artifact_id_job_artifacts_id_fk" FOREIGN KEY ("job_artifact_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_files_job_idx" ON "job_files" USING btree ("job_artifact_id");--> statement-breakpoint
CREATE INDEX "job_logs_job_idx" ON "job_logs" USING btree ("job_artifact_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_number_unique" ON "job_runs" USING btree ("job_artifact_id","run_number");