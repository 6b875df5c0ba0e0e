ALTER TABLE "users" ADD COLUMN "dashboard_visited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dashboard_previous_visit_at" timestamp with time zone;