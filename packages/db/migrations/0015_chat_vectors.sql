ALTER TABLE "chat_documents" ADD COLUMN "progress_note" text;--> statement-breakpoint
ALTER TABLE "chat_documents" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "chat_passages" ADD COLUMN "embedding" "bytea";