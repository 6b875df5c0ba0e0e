CREATE TABLE "issuer_supplier_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"list_type" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_id" text,
	"normalised_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuer_supplier_lists" ADD CONSTRAINT "issuer_supplier_lists_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuer_supplier_lists_issuer_type_idx" ON "issuer_supplier_lists" USING btree ("issuer_id","list_type");