CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "customer_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_label" text NOT NULL,
	"field_helptext" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"field_type" text NOT NULL,
	"input_type" text,
	"min_length" integer,
	"max_length" integer,
	"allow_special_chars" boolean DEFAULT false NOT NULL,
	"allowed_chars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comma_included" boolean DEFAULT false NOT NULL,
	"default_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"group_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "customer_group_members_group_id_customer_id_pk" PRIMARY KEY("group_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_segment_members" (
	"segment_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_segment_members_segment_id_customer_id_pk" PRIMARY KEY("segment_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_upload_errors" (
	"upload_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"line_str" text NOT NULL,
	"errors" jsonb NOT NULL,
	CONSTRAINT "customer_upload_errors_upload_id_line_pk" PRIMARY KEY("upload_id","line")
);
--> statement-breakpoint
CREATE TABLE "customer_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"segment_id" uuid,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"header_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replace" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"total_lines" integer DEFAULT 0 NOT NULL,
	"accepted_lines" integer DEFAULT 0 NOT NULL,
	"error_lines" integer DEFAULT 0 NOT NULL,
	"committed_lines" integer DEFAULT 0 NOT NULL,
	"committed_bytes" bigint DEFAULT 0 NOT NULL,
	"error_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"whatsapp_number" text,
	"facebook_id" text,
	"insta_id" text,
	"twitter_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_fields" ADD CONSTRAINT "customer_fields_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_segment_members" ADD CONSTRAINT "customer_segment_members_segment_id_customer_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."customer_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_segment_members" ADD CONSTRAINT "customer_segment_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_segments" ADD CONSTRAINT "customer_segments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_upload_errors" ADD CONSTRAINT "customer_upload_errors_upload_id_customer_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."customer_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD CONSTRAINT "customer_uploads_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD CONSTRAINT "customer_uploads_segment_id_customer_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."customer_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD CONSTRAINT "customer_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD CONSTRAINT "customer_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_fields_name_unique" ON "customer_fields" USING btree ("enterprise_id",lower("field_name"));--> statement-breakpoint
CREATE INDEX "customer_fields_position_idx" ON "customer_fields" USING btree ("enterprise_id","position");--> statement-breakpoint
CREATE INDEX "customer_group_members_customer_idx" ON "customer_group_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_unique" ON "customer_groups" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customer_segment_members_customer_idx" ON "customer_segment_members" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_segment_members_order_idx" ON "customer_segment_members" USING btree ("segment_id","created_at" DESC NULLS FIRST,"customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_segments_name_unique" ON "customer_segments" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customer_segments_enterprise_idx" ON "customer_segments" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_uploads_enterprise_idx" ON "customer_uploads" USING btree ("enterprise_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_uploads_segment_idx" ON "customer_uploads" USING btree ("segment_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_unique" ON "customers" USING btree ("enterprise_id","phone_number");--> statement-breakpoint
CREATE INDEX "customers_enterprise_created_idx" ON "customers" USING btree ("enterprise_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ((lower("name") || ' ' || "phone_number") gin_trgm_ops);