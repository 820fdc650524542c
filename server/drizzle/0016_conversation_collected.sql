ALTER TABLE "conversations" ADD COLUMN "collected" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "collected_at" timestamp with time zone;