CREATE TABLE "job_business_cases" (
	"job_artifact_id" uuid PRIMARY KEY NOT NULL,
	"inputs" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_business_cases" ADD CONSTRAINT "job_business_cases_job_artifact_id_job_artifacts_id_fk" FOREIGN KEY ("job_artifact_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_business_cases" ADD CONSTRAINT "job_business_cases_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;