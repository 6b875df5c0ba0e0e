ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Local accounts were created by administrators, who entered the email: verified. SSO accounts are not known to be
-- verified until their identity provider says so at the next sign-in (email_verified), or a sign-in link proves it.
UPDATE "users" SET "email_verified" = true WHERE "id_provider_name" = 'local' AND "email" IS NOT NULL;
