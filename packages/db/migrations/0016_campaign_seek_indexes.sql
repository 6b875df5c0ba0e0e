DROP INDEX "campaign_enrolments_workflow_spend_idx";--> statement-breakpoint
CREATE INDEX "campaign_enrolments_workflow_spend_key_idx" ON "campaign_enrolments" USING btree ("workflow_id","spend","supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_workflow_name_idx" ON "campaign_enrolments" USING btree ("workflow_id","supplier_name","supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_workflow_status_name_idx" ON "campaign_enrolments" USING btree ("workflow_id","status","supplier_name","supplier_key");