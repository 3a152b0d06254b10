CREATE TABLE "call_type" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"receiver_user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"receiver_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"response_minutes" integer NOT NULL,
	"creates_repair_order" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_type_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "call" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"type_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"area_id" integer,
	"equipment_id" integer,
	"work_order_id" integer,
	"caller_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"called_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responder_id" integer,
	"closed_at" timestamp with time zone,
	"closer_id" integer,
	"response_seconds" integer,
	"handling_seconds" integer,
	"result" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment_param_state" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"equipment_id" integer NOT NULL,
	"param_id" integer NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	"out_count" integer DEFAULT 0 NOT NULL,
	"alarmed_at" timestamp with time zone,
	CONSTRAINT "equipment_param_state_tenant_id_equipment_id_param_id_pk" PRIMARY KEY("tenant_id","equipment_id","param_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_param" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"class_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"data_type" smallint DEFAULT 1 NOT NULL,
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	"alarm_samples" integer DEFAULT 3 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_param_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment_reading_hour" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"equipment_id" integer NOT NULL,
	"param_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"min_value" double precision NOT NULL,
	"max_value" double precision NOT NULL,
	"sum_value" double precision NOT NULL,
	"count" integer NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "equipment_reading_hour_tenant_id_equipment_id_param_id_hour_pk" PRIMARY KEY("tenant_id","equipment_id","param_id","hour")
);
--> statement-breakpoint
CREATE TABLE "equipment_reading" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"equipment_id" integer NOT NULL,
	"param_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "equipment_reading_tenant_id_equipment_id_param_id_ts_pk" PRIMARY KEY("tenant_id","equipment_id","param_id","ts")
);
--> statement-breakpoint
CREATE TABLE "equipment_repair" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"equipment_id" integer NOT NULL,
	"reporter_id" integer,
	"fault_time" timestamp with time zone NOT NULL,
	"phenomenon" text NOT NULL,
	"is_stopped" boolean DEFAULT false NOT NULL,
	"task_id" integer,
	"call_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"repairer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fault_reason_id" integer,
	"measures" text,
	"reject_reason" text,
	"audited_by" integer,
	"verifier_id" integer,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"spell_started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"repair_minutes" numeric(12, 1),
	"downtime_minutes" numeric(12, 1),
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_repair_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fault_reason" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fault_reason_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "spare_part_usage" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"materials_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"source_type" smallint NOT NULL,
	"source_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"equipment_class_id" integer,
	"stock_doc_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spare_part_usage_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_item" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"part" text,
	"method" text,
	"value_type" smallint DEFAULT 0 NOT NULL,
	"standard" text,
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	"unit" text,
	"needs_photo" boolean DEFAULT false NOT NULL,
	"class_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_plan" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"equipment_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"item_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"assignee_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"frequency" smallint DEFAULT 1 NOT NULL,
	"interval_days" integer,
	"slot_time" text DEFAULT '08:00' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"window_hours" integer DEFAULT 8 NOT NULL,
	"skip_when_idle" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"generated_until" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_plan_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_task_item" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"task_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"part" text,
	"method" text,
	"value_type" smallint NOT NULL,
	"standard" text,
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	"unit" text,
	"needs_photo" boolean DEFAULT false NOT NULL,
	"result" smallint,
	"value" numeric(18, 6),
	"text" text,
	"photo_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	CONSTRAINT "check_task_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "check_task" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text GENERATED ALWAYS AS ((case kind when 0 then 'DJ' when 1 then 'XJ' else 'BY' end) || lpad(id::text, 8, '0')) STORED NOT NULL,
	"kind" smallint NOT NULL,
	"plan_id" integer,
	"equipment_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"due_time" timestamp with time zone NOT NULL,
	"assignee_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"item_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"executor_id" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"is_on_time" boolean,
	"item_count" integer DEFAULT 0 NOT NULL,
	"ng_item_count" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"overdue_notified_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_task_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "sn" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "maker" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "commission_date" date;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "warranty_end" date;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "picture" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "run_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_type" ADD CONSTRAINT "call_type_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_type_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."call_type"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_caller_id_fk" FOREIGN KEY ("tenant_id","caller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_responder_id_fk" FOREIGN KEY ("tenant_id","responder_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call" ADD CONSTRAINT "call_closer_id_fk" FOREIGN KEY ("tenant_id","closer_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_param_state" ADD CONSTRAINT "equipment_param_state_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_param_state" ADD CONSTRAINT "equipment_param_state_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_param_state" ADD CONSTRAINT "equipment_param_state_param_id_fk" FOREIGN KEY ("tenant_id","param_id") REFERENCES "public"."equipment_param"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_param" ADD CONSTRAINT "equipment_param_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_param" ADD CONSTRAINT "equipment_param_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."equipment_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reading_hour" ADD CONSTRAINT "equipment_reading_hour_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reading" ADD CONSTRAINT "equipment_reading_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_reporter_id_fk" FOREIGN KEY ("tenant_id","reporter_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_fault_reason_id_fk" FOREIGN KEY ("tenant_id","fault_reason_id") REFERENCES "public"."fault_reason"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_audited_by_fk" FOREIGN KEY ("tenant_id","audited_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_verifier_id_fk" FOREIGN KEY ("tenant_id","verifier_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD CONSTRAINT "equipment_repair_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_reason" ADD CONSTRAINT "fault_reason_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_usage" ADD CONSTRAINT "spare_part_usage_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_usage" ADD CONSTRAINT "spare_part_usage_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_usage" ADD CONSTRAINT "spare_part_usage_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_usage" ADD CONSTRAINT "spare_part_usage_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_usage" ADD CONSTRAINT "spare_part_usage_equipment_class_id_fk" FOREIGN KEY ("tenant_id","equipment_class_id") REFERENCES "public"."equipment_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_usage" ADD CONSTRAINT "spare_part_usage_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_item" ADD CONSTRAINT "check_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_item" ADD CONSTRAINT "check_item_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."equipment_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_plan" ADD CONSTRAINT "check_plan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_plan" ADD CONSTRAINT "check_plan_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task_item" ADD CONSTRAINT "check_task_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task_item" ADD CONSTRAINT "check_task_item_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."check_task"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task_item" ADD CONSTRAINT "check_task_item_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."check_item"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task" ADD CONSTRAINT "check_task_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task" ADD CONSTRAINT "check_task_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."check_plan"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task" ADD CONSTRAINT "check_task_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task" ADD CONSTRAINT "check_task_executor_id_fk" FOREIGN KEY ("tenant_id","executor_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_task" ADD CONSTRAINT "check_task_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_type_code_uq" ON "call_type" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "call_type_name_uq" ON "call_type" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "call_type_code_grams" ON "call_type" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "call_type_name_grams" ON "call_type" USING gin (app_grams("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "call_code_uq" ON "call" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "call_open_uq" ON "call" USING btree ("tenant_id","station_id","type_id") WHERE status in (0, 1);--> statement-breakpoint
CREATE INDEX "call_called_idx" ON "call" USING btree ("tenant_id","called_at");--> statement-breakpoint
CREATE INDEX "call_status_idx" ON "call" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "call_type_idx" ON "call" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE INDEX "call_code_grams" ON "call" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "equipment_param_state_param_idx" ON "equipment_param_state" USING btree ("tenant_id","param_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_param_code_uq" ON "equipment_param" USING btree ("tenant_id","class_id","code");--> statement-breakpoint
CREATE INDEX "equipment_param_class_idx" ON "equipment_param" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE INDEX "equipment_param_code_grams" ON "equipment_param" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "equipment_param_name_grams" ON "equipment_param" USING gin (app_grams("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_repair_code_uq" ON "equipment_repair" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "equipment_repair_equipment_idx" ON "equipment_repair" USING btree ("tenant_id","equipment_id","status");--> statement-breakpoint
CREATE INDEX "equipment_repair_created_idx" ON "equipment_repair" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "equipment_repair_task_idx" ON "equipment_repair" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "equipment_repair_code_grams" ON "equipment_repair" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "equipment_repair_phenomenon_grams" ON "equipment_repair" USING gin (app_grams("phenomenon"));--> statement-breakpoint
CREATE INDEX "equipment_repair_measures_grams" ON "equipment_repair" USING gin (app_grams("measures"));--> statement-breakpoint
CREATE UNIQUE INDEX "fault_reason_code_uq" ON "fault_reason" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "fault_reason_code_grams" ON "fault_reason" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "fault_reason_name_grams" ON "fault_reason" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "fault_reason_category_grams" ON "fault_reason" USING gin (app_grams("category"));--> statement-breakpoint
CREATE INDEX "spare_part_usage_source_idx" ON "spare_part_usage" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "spare_part_usage_equipment_idx" ON "spare_part_usage" USING btree ("tenant_id","equipment_id");--> statement-breakpoint
CREATE INDEX "spare_part_usage_material_idx" ON "spare_part_usage" USING btree ("tenant_id","materials_id","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_item_code_uq" ON "check_item" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "check_item_kind_idx" ON "check_item" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "check_item_code_grams" ON "check_item" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "check_item_name_grams" ON "check_item" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "check_item_part_grams" ON "check_item" USING gin (app_grams("part"));--> statement-breakpoint
CREATE INDEX "check_item_method_grams" ON "check_item" USING gin (app_grams("method"));--> statement-breakpoint
CREATE INDEX "check_item_standard_grams" ON "check_item" USING gin (app_grams("standard"));--> statement-breakpoint
CREATE UNIQUE INDEX "check_plan_name_uq" ON "check_plan" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "check_plan_enabled_idx" ON "check_plan" USING btree ("tenant_id","enabled","kind");--> statement-breakpoint
CREATE INDEX "check_plan_name_grams" ON "check_plan" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "check_task_item_task_idx" ON "check_task_item" USING btree ("tenant_id","task_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "check_task_slot_uq" ON "check_task" USING btree ("tenant_id","plan_id","equipment_id","slot_start");--> statement-breakpoint
CREATE UNIQUE INDEX "check_task_code_uq" ON "check_task" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "check_task_kind_slot_idx" ON "check_task" USING btree ("tenant_id","kind","slot_start");--> statement-breakpoint
CREATE INDEX "check_task_open_due_idx" ON "check_task" USING btree ("tenant_id","due_time") WHERE status in (1, 2) and overdue_notified_at is null;--> statement-breakpoint
CREATE INDEX "check_task_equipment_idx" ON "check_task" USING btree ("tenant_id","equipment_id");--> statement-breakpoint
CREATE INDEX "check_task_code_grams" ON "check_task" USING gin (app_grams("code"));--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_sn_grams" ON "equipment" USING gin (app_grams("sn"));--> statement-breakpoint
CREATE INDEX "equipment_maker_grams" ON "equipment" USING gin (app_grams("maker"));