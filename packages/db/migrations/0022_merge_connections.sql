CREATE TABLE "merge_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"via" text NOT NULL,
	"end_user_origin_id" text NOT NULL,
	"end_user_email" text NOT NULL,
	"status" text NOT NULL,
	"integration" text,
	"account_token_enc" text,
	"link_expires_at" timestamp with time zone,
	"last_import_at" timestamp with time zone,
	"last_message" text,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuers" ALTER COLUMN "input_data_options" SET DEFAULT '{"CsvFileUpload"}';--> statement-breakpoint
ALTER TABLE "merge_connections" ADD CONSTRAINT "merge_connections_job_id_job_artifacts_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_connections" ADD CONSTRAINT "merge_connections_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_connections" ADD CONSTRAINT "merge_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merge_connections_job_idx" ON "merge_connections" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "merge_connections_issuer_idx" ON "merge_connections" USING btree ("issuer_id");--> statement-breakpoint
-- Direct CSV upload is now enforced by the CsvFileUpload option: issuers that never chose any option keep uploads.
UPDATE "issuers" SET "input_data_options" = '{"CsvFileUpload"}' WHERE cardinality("input_data_options") = 0;
