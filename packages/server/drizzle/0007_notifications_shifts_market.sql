CREATE TABLE "update_log_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"update_time" date NOT NULL,
	"content" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"class_id" integer,
	"kind" smallint DEFAULT 0 NOT NULL,
	"model" text,
	"location" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_equipment" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"user_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	CONSTRAINT "user_equipment_user_id_equipment_id_pk" PRIMARY KEY("user_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "market_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"picture" text,
	"introduction" text DEFAULT '' NOT NULL,
	"payment" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_picture" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" smallint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"name" text NOT NULL,
	"event" text NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"role_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"recipient_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"creator" text NOT NULL,
	"creator_id" integer,
	"is_readed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frequency" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_my_equipment_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_class_id_equipment_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."equipment_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_equipment" ADD CONSTRAINT "user_equipment_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_equipment" ADD CONSTRAINT "user_equipment_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_equipment" ADD CONSTRAINT "user_equipment_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_detail" ADD CONSTRAINT "market_detail_market_type_id_market_type_id_fk" FOREIGN KEY ("market_type_id") REFERENCES "public"."market_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rule" ADD CONSTRAINT "notification_rule_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_task" ADD CONSTRAINT "notification_task_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_task" ADD CONSTRAINT "notification_task_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequency" ADD CONSTRAINT "frequency_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_code_uq" ON "equipment" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "equipment_class_idx" ON "equipment" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "user_equipment_equipment_idx" ON "user_equipment" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "market_detail_type_idx" ON "market_detail" USING btree ("market_type_id","sort");--> statement-breakpoint
CREATE INDEX "market_type_table_idx" ON "market_type" USING btree ("table_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_rule_name_uq" ON "notification_rule" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "notification_rule_event_idx" ON "notification_rule" USING btree ("tenant_id","event");--> statement-breakpoint
CREATE INDEX "notification_task_recipient_idx" ON "notification_task" USING btree ("tenant_id","recipient_id","is_readed","id");--> statement-breakpoint
CREATE UNIQUE INDEX "frequency_code_uq" ON "frequency" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "frequency_name_uq" ON "frequency" USING btree ("tenant_id","name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_frequency_id_frequency_id_fk" FOREIGN KEY ("frequency_id") REFERENCES "public"."frequency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The provider's own tables (no tenant_id) are not secured by app_secure_tenant_tables(): requests
-- reach them as factory_app, so grant them here. Who may write is decided by the routes (provider).
GRANT SELECT, INSERT, UPDATE, DELETE ON update_log_record, market_type, market_detail, market_picture TO factory_app;
