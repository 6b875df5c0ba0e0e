CREATE TABLE "resource_issuers" (
	"resource_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	CONSTRAINT "resource_issuers_resource_id_issuer_id_pk" PRIMARY KEY("resource_id","issuer_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"media_kind" text NOT NULL,
	"source" text NOT NULL,
	"visibility" text DEFAULT 'All' NOT NULL,
	"url" text,
	"file_path" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" bigint,
	"file_uploaded_at" timestamp with time zone,
	"poster_path" text,
	"poster_content_type" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_model_runs" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"run_number" integer NOT NULL,
	"trained" boolean NOT NULL,
	"reason" text,
	"suppliers" integer NOT NULL,
	"train_rows" integer NOT NULL,
	"test_rows" integer NOT NULL,
	"positive_rate" double precision,
	"auc" double precision,
	"accuracy" double precision,
	"precision_high" double precision,
	"recall_high" double precision,
	"baseline_accuracy" double precision,
	"calibration" jsonb NOT NULL,
	"distributions" jsonb NOT NULL,
	"drift" jsonb,
	"completed_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_issuers" ADD CONSTRAINT "resource_issuers_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_issuers" ADD CONSTRAINT "resource_issuers_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_model_runs" ADD CONSTRAINT "ml_model_runs_run_id_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."job_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_model_runs" ADD CONSTRAINT "ml_model_runs_job_id_job_artifacts_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_model_runs" ADD CONSTRAINT "ml_model_runs_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_issuers_issuer_idx" ON "resource_issuers" USING btree ("issuer_id");--> statement-breakpoint
CREATE INDEX "resources_category_idx" ON "resources" USING btree ("category");--> statement-breakpoint
CREATE INDEX "ml_model_runs_job_idx" ON "ml_model_runs" USING btree ("job_id","run_number");--> statement-breakpoint
CREATE INDEX "ml_model_runs_issuer_idx" ON "ml_model_runs" USING btree ("issuer_id");