CREATE TABLE "proq_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"command_type" text NOT NULL,
	"category" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"prerequisite" bigint,
	"prerequisite_batch_id" text,
	"batch_id" text,
	"target_entity_id" text,
	"job_id" uuid,
	"correlation_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"queued_date" timestamp with time zone DEFAULT now() NOT NULL,
	"started_date" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"state" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"environment" text DEFAULT 'default' NOT NULL,
	"processing_group" text,
	"scheduled_time" timestamp with time zone,
	"stuck_timeout_in_seconds" integer DEFAULT 300 NOT NULL,
	"message" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"progress_percent" real,
	"progress_message" text,
	"has_dependents" boolean DEFAULT false NOT NULL,
	"failed_root_id" bigint,
	"unique_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proq_commands_state_check" CHECK ("proq_commands"."state" in ('Blocked', 'Pending', 'InProgress', 'Completed', 'Error', 'Canceled')),
	CONSTRAINT "proq_commands_attempts_check" CHECK ("proq_commands"."max_attempts" >= 1 and "proq_commands"."stuck_timeout_in_seconds" >= 1)
);
--> statement-breakpoint
CREATE TABLE "proq_groups" (
	"name" text PRIMARY KEY NOT NULL,
	"active_command_id" bigint,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proq_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"environment" text NOT NULL,
	"concurrency" integer NOT NULL,
	"command_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_count" integer DEFAULT 0 NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"current_delay_ms" integer NOT NULL,
	"min_delay_ms" integer NOT NULL,
	"max_delay_ms" integer NOT NULL,
	"coefficient" real NOT NULL,
	"idle_since" timestamp with time zone,
	"stopping" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "proq_commands_claim_idx" ON "proq_commands" USING btree ("environment","priority" DESC NULLS LAST,"run_at","id") WHERE "proq_commands"."state" = 'Pending';--> statement-breakpoint
CREATE INDEX "proq_commands_lease_idx" ON "proq_commands" USING btree ("locked_at") WHERE "proq_commands"."state" = 'InProgress';--> statement-breakpoint
CREATE INDEX "proq_commands_blocked_idx" ON "proq_commands" USING btree ("id") WHERE "proq_commands"."state" = 'Blocked';--> statement-breakpoint
CREATE INDEX "proq_commands_state_idx" ON "proq_commands" USING btree ("state","queued_date");--> statement-breakpoint
CREATE INDEX "proq_commands_job_idx" ON "proq_commands" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "proq_commands_prerequisite_idx" ON "proq_commands" USING btree ("prerequisite");--> statement-breakpoint
CREATE INDEX "proq_commands_prerequisite_batch_idx" ON "proq_commands" USING btree ("prerequisite_batch_id");--> statement-breakpoint
CREATE INDEX "proq_commands_batch_idx" ON "proq_commands" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "proq_commands_failed_root_idx" ON "proq_commands" USING btree ("failed_root_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proq_commands_unique_key_idx" ON "proq_commands" USING btree ("unique_key");--> statement-breakpoint
CREATE UNIQUE INDEX "proq_commands_group_running_idx" ON "proq_commands" USING btree ("processing_group") WHERE "proq_commands"."state" = 'InProgress';