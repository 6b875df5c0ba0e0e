DROP INDEX "proq_commands_job_idx";--> statement-breakpoint
DROP INDEX "proq_commands_prerequisite_idx";--> statement-breakpoint
DROP INDEX "proq_commands_prerequisite_batch_idx";--> statement-breakpoint
DROP INDEX "proq_commands_batch_idx";--> statement-breakpoint
DROP INDEX "proq_commands_failed_root_idx";--> statement-breakpoint
DROP INDEX "proq_commands_unique_key_idx";--> statement-breakpoint
CREATE INDEX "proq_commands_job_idx" ON "proq_commands" USING btree ("job_id") WHERE "proq_commands"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_prerequisite_idx" ON "proq_commands" USING btree ("prerequisite") WHERE "proq_commands"."prerequisite" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_prerequisite_batch_idx" ON "proq_commands" USING btree ("prerequisite_batch_id") WHERE "proq_commands"."prerequisite_batch_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_batch_idx" ON "proq_commands" USING btree ("batch_id") WHERE "proq_commands"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_failed_root_idx" ON "proq_commands" USING btree ("failed_root_id") WHERE "proq_commands"."failed_root_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "proq_commands_unique_key_idx" ON "proq_commands" USING btree ("unique_key") WHERE "proq_commands"."unique_key" is not null;