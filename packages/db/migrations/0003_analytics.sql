CREATE TABLE "analytics_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sql" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chart" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD CONSTRAINT "analytics_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_reports_name_idx" ON "analytics_reports" USING btree ("name");--> statement-breakpoint
-- Analytics views: the documented, read-only surface of saved analytics queries (packages/shared/src/analytics.ts
-- ANALYTICS_VIEWS documents every column). No password hashes, session ids, sign-in tokens or email bodies.
CREATE SCHEMA IF NOT EXISTS analytics;
--> statement-breakpoint
CREATE VIEW analytics.v_users AS
SELECT u.id, u.username, u.display_name, u.given_name, u.surname, u.email, u.id_provider_name,
  CASE WHEN u.is_deactivated THEN 'deactivated' WHEN u.pending THEN 'pending' WHEN NOT u.approved THEN 'unapproved' ELSE 'active' END AS status,
  u.approved, u.is_deactivated, u.pending, u.eligible, u.can_switch_roles,
  b.branding_display_name AS branding_name,
  ARRAY(SELECT ur.role FROM public.user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role) AS roles,
  ARRAY(SELECT i.name FROM public.issuer_memberships m JOIN public.issuers i ON i.id = m.issuer_id WHERE m.user_id = u.id ORDER BY i.name) AS issuer_names,
  u.agreed_terms_version, u.agreed_privacy_version,
  u.last_activity_at, u.created_at, u.updated_at
FROM public.users u LEFT JOIN public.brandings b ON b.branding_id = u.branding_id;
--> statement-breakpoint
CREATE VIEW analytics.v_issuers AS
SELECT i.id, i.name, i.issuer_key, i.scheme, i.language, i.currency, i.fallback_country_iso3, i.send_magic_links,
  b.branding_display_name AS branding_name,
  i.capabilities, i.virtual_lockboxes, i.input_data_options, i.email_domains,
  i.has_supplier_include_list, i.has_supplier_exclude_list,
  (SELECT count(*) FROM public.issuer_memberships m WHERE m.issuer_id = i.id)::int AS users_count,
  (SELECT count(*) FROM public.issuer_memberships m WHERE m.issuer_id = i.id AND m.role = 'Manager')::int AS managers_count,
  (SELECT count(*) FROM public.buyers y WHERE y.issuer_id = i.id)::int AS buyers_count,
  (SELECT count(*) FROM public.job_artifacts j WHERE j.issuer_id = i.id)::int AS jobs_count,
  i.created_at, i.updated_at
FROM public.issuers i LEFT JOIN public.brandings b ON b.branding_id = i.branding_id;
--> statement-breakpoint
CREATE VIEW analytics.v_issuer_members AS
SELECT m.issuer_id, i.name AS issuer_name, m.user_id, u.username, m.role AS member_role, m.is_domain_user,
  m.created_at AS joined_at
FROM public.issuer_memberships m JOIN public.issuers i ON i.id = m.issuer_id JOIN public.users u ON u.id = m.user_id;
--> statement-breakpoint
CREATE VIEW analytics.v_buyers AS
SELECT y.id, y.name, y.country_iso3, y.issuer_id, i.name AS issuer_name,
  (SELECT count(*) FROM public.job_artifacts j WHERE j.buyer_id = y.id)::int AS jobs_count,
  c.username AS created_by_username, y.created_at
FROM public.buyers y JOIN public.issuers i ON i.id = y.issuer_id LEFT JOIN public.users c ON c.id = y.created_by;
--> statement-breakpoint
CREATE VIEW analytics.v_jobs AS
SELECT j.id, j.name, j.type, j.is_published, j.is_hidden, j.owner_id, o.username AS owner_username,
  j.issuer_id, i.name AS issuer_name, j.buyer_id, y.name AS buyer_name,
  (SELECT count(DISTINCT ju.user_id) FROM public.job_artifact_users ju WHERE ju.job_artifact_id = j.id)::int AS users_count,
  j.created_on, j.updated_at
FROM public.job_artifacts j
  JOIN public.users o ON o.id = j.owner_id
  JOIN public.issuers i ON i.id = j.issuer_id
  LEFT JOIN public.buyers y ON y.id = j.buyer_id;
--> statement-breakpoint
CREATE VIEW analytics.v_job_users AS
SELECT ju.job_artifact_id AS job_id, j.name AS job_name, ju.user_id, u.username, ju.connection_type, ju.assigned_at
FROM public.job_artifact_users ju JOIN public.job_artifacts j ON j.id = ju.job_artifact_id JOIN public.users u ON u.id = ju.user_id;
--> statement-breakpoint
CREATE VIEW analytics.v_sign_ins AS
SELECT a.id, a.at, a.user_id, a.username, a.outcome, a.details->>'method' AS method, a.details->>'reason' AS reason, a.ip
FROM public.system_audit_log a WHERE a.action = 'auth.sign-in';
--> statement-breakpoint
CREATE VIEW analytics.v_active_sessions AS
SELECT s.user_id, u.username, s.method, s.created_at, s.last_seen_at, s.expires_at, (s.active_roles IS NOT NULL) AS role_switch_active
FROM public.sessions s JOIN public.users u ON u.id = s.user_id WHERE s.expires_at > now();
--> statement-breakpoint
CREATE VIEW analytics.v_audit_events AS
SELECT a.id, a.at, a.user_id, a.username, a.issuer_id, i.name AS issuer_name, a.action, a.target_type, a.target_id,
  a.outcome, a.details, a.ip
FROM public.system_audit_log a LEFT JOIN public.issuers i ON i.id = a.issuer_id;
--> statement-breakpoint
CREATE VIEW analytics.v_emails AS
SELECT e.id, e.to_address, e.subject, e.status, e.attempts, e.created_at, e.sent_at
FROM public.email_outbox e;
--> statement-breakpoint
-- The role analytics queries run as (SET LOCAL ROLE): it may read the analytics views and nothing else.
-- Roles are cluster-wide, so creation tolerates a concurrent creator and a migrator without CREATEROLE
-- (analytics queries then answer that the role is missing instead of running with the migrator's rights).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sextant_analytics_reader') THEN
    CREATE ROLE sextant_analytics_reader NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN
  RAISE NOTICE 'sextant_analytics_reader not created: %', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sextant_analytics_reader') THEN
    EXECUTE 'GRANT USAGE ON SCHEMA analytics TO sextant_analytics_reader';
    EXECUTE 'GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO sextant_analytics_reader';
    BEGIN
      EXECUTE format('GRANT sextant_analytics_reader TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'membership of sextant_analytics_reader not granted: %', SQLERRM;
    END;
  END IF;
END $$;
