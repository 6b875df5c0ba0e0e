CREATE TABLE "resource_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"limits" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "resource_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"cpu_percent" real NOT NULL,
	"memory_percent" real NOT NULL,
	"memory_used_bytes" bigint NOT NULL,
	"memory_total_bytes" bigint NOT NULL,
	"disk_percent" real NOT NULL,
	"disk_used_bytes" bigint NOT NULL,
	"disk_total_bytes" bigint NOT NULL,
	"db_size_bytes" bigint NOT NULL,
	"duckdb_memory_bytes" bigint NOT NULL,
	"queue_depth" integer NOT NULL,
	"rss_bytes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sftp_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 22 NOT NULL,
	"username" text NOT NULL,
	"auth_method" text NOT NULL,
	"secret_enc" text NOT NULL,
	"has_password" boolean DEFAULT false NOT NULL,
	"has_private_key" boolean DEFAULT false NOT NULL,
	"folder" text NOT NULL,
	"file_pattern" text NOT NULL,
	"buyer_id" uuid,
	"job_type" text NOT NULL,
	"target_job_id" uuid,
	"schedule_minutes" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid NOT NULL,
	"last_pull_at" timestamp with time zone,
	"last_pull_status" text,
	"last_pull_message" text,
	"next_pull_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sftp_pulled_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"config_id" uuid NOT NULL,
	"remote_path" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"remote_modified_at" timestamp with time zone NOT NULL,
	"job_id" uuid,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_limits" ADD CONSTRAINT "resource_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_configs" ADD CONSTRAINT "sftp_configs_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_configs" ADD CONSTRAINT "sftp_configs_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_configs" ADD CONSTRAINT "sftp_configs_target_job_id_job_artifacts_id_fk" FOREIGN KEY ("target_job_id") REFERENCES "public"."job_artifacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_configs" ADD CONSTRAINT "sftp_configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_pulled_files" ADD CONSTRAINT "sftp_pulled_files_config_id_sftp_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sftp_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_pulled_files" ADD CONSTRAINT "sftp_pulled_files_job_id_job_artifacts_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_artifacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_samples_at_idx" ON "resource_samples" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sftp_configs_issuer_idx" ON "sftp_configs" USING btree ("issuer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sftp_pulled_files_unique" ON "sftp_pulled_files" USING btree ("config_id","remote_path","size_bytes","remote_modified_at");