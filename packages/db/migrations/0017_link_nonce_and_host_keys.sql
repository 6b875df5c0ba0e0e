-- Issue #31. Enrolment links are bound to a recorded sent email: a link names its campaign_emails row and carries a
-- random nonce whose SHA-256 is kept here. Links sent before this migration have no such record and are refused
-- (the supplier asks the sender for a new email). SFTP sources pin the server's host key on first use.
ALTER TABLE "campaign_emails" ADD COLUMN "link_nonce_hash" text;--> statement-breakpoint
ALTER TABLE "sftp_configs" ADD COLUMN "host_key_fingerprint" text;--> statement-breakpoint
ALTER TABLE "sftp_configs" ADD COLUMN "host_key_pinned_at" timestamp with time zone;