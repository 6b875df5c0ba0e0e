CREATE TABLE "translation_overrides" (
	"language" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_language_namespace_key_pk" PRIMARY KEY("language","namespace","key")
);
--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "job_artifact_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_job_artifact_id_job_artifacts_id_fk" FOREIGN KEY ("job_artifact_id") REFERENCES "public"."job_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_created_idx" ON "sign_in_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_job_idx" ON "sign_in_tokens" USING btree ("job_artifact_id");