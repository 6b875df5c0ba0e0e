CREATE TABLE "branding_assets" (
	"branding_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_assets_branding_id_kind_pk" PRIMARY KEY("branding_id","kind")
);
--> statement-breakpoint
CREATE TABLE "branding_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"branding_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brandings" ADD COLUMN "colours" jsonb;--> statement-breakpoint
ALTER TABLE "brandings" ADD COLUMN "email_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "brandings" ADD COLUMN "login_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "brandings" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brandings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "branding_assets" ADD CONSTRAINT "branding_assets_branding_id_brandings_branding_id_fk" FOREIGN KEY ("branding_id") REFERENCES "public"."brandings"("branding_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_domains" ADD CONSTRAINT "branding_domains_branding_id_brandings_branding_id_fk" FOREIGN KEY ("branding_id") REFERENCES "public"."brandings"("branding_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each existing branding answers on its one domain, as before.
INSERT INTO "branding_domains" ("domain", "branding_id") SELECT lower("full_domain_name"), "branding_id" FROM "brandings" WHERE "full_domain_name" IS NOT NULL ON CONFLICT DO NOTHING;
