ALTER TABLE "users" ADD COLUMN "is_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Backfill (DESIGN §6): until now "no issuer membership" meant internal staff. Keep the accounts that were staff
-- in that sense AND hold an internal-staff role (ptcoJobManager, sysAdmin, tester, developer) internal, so existing
-- staff keep their access; every other membership-less user (self-registered, base roles only) becomes a
-- scope-less tenant user who sees no tenant data. Review the flagged accounts after upgrading.
UPDATE "users" SET "is_internal" = true
WHERE NOT EXISTS (SELECT 1 FROM "issuer_memberships" m WHERE m."user_id" = "users"."id")
  AND EXISTS (
    SELECT 1 FROM "user_roles" r
    WHERE r."user_id" = "users"."id" AND r."role" IN ('ptcoJobManager', 'sysAdmin', 'tester', 'developer')
  );
