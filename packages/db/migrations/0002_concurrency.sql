CREATE TABLE "entity_locks" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"holder_user_id" uuid NOT NULL,
	"active_until" timestamp with time zone NOT NULL,
	"requester_user_id" uuid,
	"requested_at" timestamp with time zone,
	"denied_user_id" uuid,
	"denied_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_locks_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "entity_presence" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_presence_entity_type_entity_id_user_id_pk" PRIMARY KEY("entity_type","entity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "entity_locks" ADD CONSTRAINT "entity_locks_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_locks" ADD CONSTRAINT "entity_locks_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_locks" ADD CONSTRAINT "entity_locks_denied_user_id_users_id_fk" FOREIGN KEY ("denied_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_presence" ADD CONSTRAINT "entity_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_presence_seen_idx" ON "entity_presence" USING btree ("last_seen_at");