CREATE TABLE "piece_rate" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"procedure_id" integer NOT NULL,
	"material_id" integer,
	"unit_price" numeric(18, 4) NOT NULL,
	"defect_deduction" numeric(18, 4) DEFAULT '0' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "piece_rate_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "produce_order" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"source_code" text,
	"customer_id" integer,
	"material_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"delivery_time" timestamp with time zone NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"confirm_status" smallint DEFAULT 0 NOT NULL,
	"plan_status" smallint DEFAULT 0 NOT NULL,
	"planned_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"completed_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"finished_at" timestamp with time zone,
	"remark" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produce_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "produce_plan_material" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"plan_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"procedure_id" integer,
	"required_quantity" numeric(18, 6) NOT NULL,
	"issued_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"remark" text,
	CONSTRAINT "produce_plan_material_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "produce_plan" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"plan_type" smallint DEFAULT 0 NOT NULL,
	"flow_id" integer NOT NULL,
	"flow_version_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"plan_start_time" timestamp with time zone,
	"plan_end_time" timestamp with time zone,
	"actual_start_time" timestamp with time zone,
	"schedule_status" smallint DEFAULT 0 NOT NULL,
	"plan_progress" smallint DEFAULT 0 NOT NULL,
	"preparation_status" smallint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produce_plan_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "produce_task_station" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"task_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"distributed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "produce_task_station_tenant_id_task_id_station_id_pk" PRIMARY KEY("tenant_id","task_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "produce_task_user" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "produce_task_user_tenant_id_task_id_user_id_pk" PRIMARY KEY("tenant_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "produce_task" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"work_order_id" integer NOT NULL,
	"code" text NOT NULL,
	"seq" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	"process_type" smallint DEFAULT 0 NOT NULL,
	"standard_minutes" numeric(12, 3),
	"in_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"good_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"defect_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"repair_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_skipped" boolean DEFAULT false NOT NULL,
	"actual_start_time" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"current_station_id" integer,
	"current_user_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produce_task_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "produce_work_order_pause" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"work_order_id" integer NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"continued_at" timestamp with time zone,
	CONSTRAINT "produce_work_order_pause_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "produce_work_order" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"plan_id" integer,
	"order_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"flow_version_id" integer NOT NULL,
	"work_type" smallint DEFAULT 0 NOT NULL,
	"origin_work_order_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_distributed" smallint DEFAULT 0 NOT NULL,
	"is_paused" smallint DEFAULT 0 NOT NULL,
	"completed_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"stocked_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"plan_start_time" timestamp with time zone,
	"plan_end_time" timestamp with time zone,
	"actual_start_time" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"end_reason" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produce_work_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_work_defect" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"report_id" bigint NOT NULL,
	"scrap_reason_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	CONSTRAINT "report_work_defect_tenant_id_report_id_scrap_reason_id_pk" PRIMARY KEY("tenant_id","report_id","scrap_reason_id")
);
--> statement-breakpoint
CREATE TABLE "report_work_user" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"report_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"share" numeric(9, 6) NOT NULL,
	CONSTRAINT "report_work_user_tenant_id_report_id_user_id_pk" PRIMARY KEY("tenant_id","report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_work" (
	"id" bigserial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"task_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	"station_id" integer,
	"frequency_id" integer,
	"shift_date" date NOT NULL,
	"good_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"defect_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"repair_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"work_hours" numeric(12, 3),
	"reversal_of" bigint,
	"reversed_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_work_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "piece_rate" ADD CONSTRAINT "piece_rate_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_rate" ADD CONSTRAINT "piece_rate_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_rate" ADD CONSTRAINT "piece_rate_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_order" ADD CONSTRAINT "produce_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_order" ADD CONSTRAINT "produce_order_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customer"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_order" ADD CONSTRAINT "produce_order_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan_material" ADD CONSTRAINT "produce_plan_material_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan_material" ADD CONSTRAINT "produce_plan_material_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."produce_plan"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan_material" ADD CONSTRAINT "produce_plan_material_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan_material" ADD CONSTRAINT "produce_plan_material_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan" ADD CONSTRAINT "produce_plan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan" ADD CONSTRAINT "produce_plan_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."produce_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan" ADD CONSTRAINT "produce_plan_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan" ADD CONSTRAINT "produce_plan_flow_id_fk" FOREIGN KEY ("tenant_id","flow_id") REFERENCES "public"."process_flow"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan" ADD CONSTRAINT "produce_plan_flow_version_id_fk" FOREIGN KEY ("tenant_id","flow_version_id") REFERENCES "public"."process_flow_version"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_plan" ADD CONSTRAINT "produce_plan_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task_station" ADD CONSTRAINT "produce_task_station_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task_station" ADD CONSTRAINT "produce_task_station_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."produce_task"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task_station" ADD CONSTRAINT "produce_task_station_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task_user" ADD CONSTRAINT "produce_task_user_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task_user" ADD CONSTRAINT "produce_task_user_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."produce_task"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task_user" ADD CONSTRAINT "produce_task_user_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task" ADD CONSTRAINT "produce_task_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task" ADD CONSTRAINT "produce_task_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task" ADD CONSTRAINT "produce_task_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task" ADD CONSTRAINT "produce_task_current_station_id_fk" FOREIGN KEY ("tenant_id","current_station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_task" ADD CONSTRAINT "produce_task_current_user_id_fk" FOREIGN KEY ("tenant_id","current_user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order_pause" ADD CONSTRAINT "produce_work_order_pause_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order_pause" ADD CONSTRAINT "produce_work_order_pause_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."produce_plan"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."produce_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_flow_version_id_fk" FOREIGN KEY ("tenant_id","flow_version_id") REFERENCES "public"."process_flow_version"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD CONSTRAINT "produce_work_order_origin_work_order_id_fk" FOREIGN KEY ("tenant_id","origin_work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_defect" ADD CONSTRAINT "report_work_defect_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_defect" ADD CONSTRAINT "report_work_defect_report_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."report_work"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_defect" ADD CONSTRAINT "report_work_defect_scrap_reason_id_fk" FOREIGN KEY ("tenant_id","scrap_reason_id") REFERENCES "public"."scrap_reason"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_user" ADD CONSTRAINT "report_work_user_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_user" ADD CONSTRAINT "report_work_user_report_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."report_work"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_user" ADD CONSTRAINT "report_work_user_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."produce_task"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_frequency_id_fk" FOREIGN KEY ("tenant_id","frequency_id") REFERENCES "public"."frequency"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_reversal_of_fk" FOREIGN KEY ("tenant_id","reversal_of") REFERENCES "public"."report_work"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "piece_rate_procedure_idx" ON "piece_rate" USING btree ("tenant_id","procedure_id","material_id");--> statement-breakpoint
CREATE INDEX "piece_rate_material_idx" ON "piece_rate" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produce_order_code_uq" ON "produce_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "produce_order_material_idx" ON "produce_order" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "produce_order_customer_idx" ON "produce_order" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "produce_order_delivery_idx" ON "produce_order" USING btree ("tenant_id","delivery_time");--> statement-breakpoint
CREATE UNIQUE INDEX "produce_plan_material_uq" ON "produce_plan_material" USING btree ("tenant_id","plan_id","material_id");--> statement-breakpoint
CREATE INDEX "produce_plan_material_material_idx" ON "produce_plan_material" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produce_plan_code_uq" ON "produce_plan" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "produce_plan_order_idx" ON "produce_plan" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "produce_plan_area_idx" ON "produce_plan" USING btree ("tenant_id","area_id","sort_order");--> statement-breakpoint
CREATE INDEX "produce_plan_material_idx" ON "produce_plan" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "produce_plan_flow_version_idx" ON "produce_plan" USING btree ("tenant_id","flow_version_id");--> statement-breakpoint
CREATE INDEX "produce_task_station_station_idx" ON "produce_task_station" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE INDEX "produce_task_user_user_idx" ON "produce_task_user" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produce_task_seq_uq" ON "produce_task" USING btree ("tenant_id","work_order_id","seq");--> statement-breakpoint
CREATE INDEX "produce_task_procedure_idx" ON "produce_task" USING btree ("tenant_id","procedure_id");--> statement-breakpoint
CREATE INDEX "produce_task_station_idx" ON "produce_task" USING btree ("tenant_id","current_station_id");--> statement-breakpoint
CREATE INDEX "produce_work_order_pause_wo_idx" ON "produce_work_order_pause" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produce_work_order_code_uq" ON "produce_work_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "produce_work_order_plan_idx" ON "produce_work_order" USING btree ("tenant_id","plan_id");--> statement-breakpoint
CREATE INDEX "produce_work_order_order_idx" ON "produce_work_order" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "produce_work_order_status_idx" ON "produce_work_order" USING btree ("tenant_id","status","plan_end_time");--> statement-breakpoint
CREATE INDEX "produce_work_order_area_idx" ON "produce_work_order" USING btree ("tenant_id","area_id");--> statement-breakpoint
CREATE INDEX "produce_work_order_material_idx" ON "produce_work_order" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "produce_work_order_origin_idx" ON "produce_work_order" USING btree ("tenant_id","origin_work_order_id");--> statement-breakpoint
CREATE INDEX "report_work_defect_reason_idx" ON "report_work_defect" USING btree ("tenant_id","scrap_reason_id");--> statement-breakpoint
CREATE INDEX "report_work_user_user_idx" ON "report_work_user" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_work_code_uq" ON "report_work" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "report_work_task_idx" ON "report_work" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "report_work_work_order_idx" ON "report_work" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE INDEX "report_work_shift_date_idx" ON "report_work" USING btree ("tenant_id","shift_date");--> statement-breakpoint
CREATE INDEX "report_work_station_idx" ON "report_work" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE INDEX "report_work_reversal_idx" ON "report_work" USING btree ("tenant_id","reversal_of");