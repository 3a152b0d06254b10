CREATE TABLE "quality_inspection_defect" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"defect_item_id" integer NOT NULL,
	"reason_id" integer,
	"quantity" integer NOT NULL,
	"remark" text,
	CONSTRAINT "quality_inspection_defect_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_order_item" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"item_id" integer NOT NULL,
	"value_type" smallint NOT NULL,
	"standard_value" numeric(18, 6),
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	CONSTRAINT "quality_inspection_order_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_order" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"inspection_type" smallint NOT NULL,
	"quality_type" smallint NOT NULL,
	"source_type" smallint DEFAULT 0 NOT NULL,
	"source_id" integer,
	"source_code" text,
	"plan_id" integer,
	"materials_id" integer NOT NULL,
	"batch_id" integer,
	"batch_code" text,
	"work_order_id" integer,
	"task_id" integer,
	"procedure_id" integer,
	"supplier_id" integer,
	"lot_quantity" numeric(18, 6) NOT NULL,
	"sampling_mode" smallint DEFAULT 0 NOT NULL,
	"aql" numeric(8, 3),
	"sample_quantity" integer NOT NULL,
	"accept_number" integer DEFAULT 0 NOT NULL,
	"reject_number" integer DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"verdict" smallint,
	"effective" boolean DEFAULT false NOT NULL,
	"ng_quantity" integer DEFAULT 0 NOT NULL,
	"rejected_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"inspector_id" integer,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"auditor_id" integer,
	"audited_at" timestamp with time zone,
	"approver_id" integer,
	"approved_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_inspection_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_result" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"sample_no" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"value" numeric(18, 6),
	"judgement" smallint NOT NULL,
	CONSTRAINT "quality_inspection_result_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "stock_allocation" ALTER COLUMN "prep_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_number" ADD COLUMN "quality_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD COLUMN "held_quantity" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quality_inspection_defect" ADD CONSTRAINT "quality_inspection_defect_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_defect" ADD CONSTRAINT "quality_inspection_defect_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."quality_inspection_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_defect" ADD CONSTRAINT "quality_inspection_defect_defect_item_id_fk" FOREIGN KEY ("tenant_id","defect_item_id") REFERENCES "public"."quality_defect_item"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order_item" ADD CONSTRAINT "quality_inspection_order_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order_item" ADD CONSTRAINT "quality_inspection_order_item_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."quality_inspection_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order_item" ADD CONSTRAINT "quality_inspection_order_item_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."quality_inspection_item"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order" ADD CONSTRAINT "quality_inspection_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order" ADD CONSTRAINT "quality_inspection_order_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."quality_inspection_plan"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order" ADD CONSTRAINT "quality_inspection_order_inspector_id_fk" FOREIGN KEY ("tenant_id","inspector_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order" ADD CONSTRAINT "quality_inspection_order_auditor_id_fk" FOREIGN KEY ("tenant_id","auditor_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order" ADD CONSTRAINT "quality_inspection_order_approver_id_fk" FOREIGN KEY ("tenant_id","approver_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_order" ADD CONSTRAINT "quality_inspection_order_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_result" ADD CONSTRAINT "quality_inspection_result_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_result" ADD CONSTRAINT "quality_inspection_result_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."quality_inspection_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_inspection_defect_order_idx" ON "quality_inspection_defect" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "quality_inspection_defect_item_idx" ON "quality_inspection_defect" USING btree ("tenant_id","defect_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_order_item_uq" ON "quality_inspection_order_item" USING btree ("tenant_id","order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_order_code_uq" ON "quality_inspection_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "quality_inspection_order_task_idx" ON "quality_inspection_order" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "quality_inspection_order_work_order_idx" ON "quality_inspection_order" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE INDEX "quality_inspection_order_batch_idx" ON "quality_inspection_order" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "quality_inspection_order_source_idx" ON "quality_inspection_order" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "quality_inspection_order_completed_idx" ON "quality_inspection_order" USING btree ("tenant_id","completed_at");--> statement-breakpoint
CREATE INDEX "quality_inspection_order_code_grams" ON "quality_inspection_order" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "quality_inspection_order_batch_code_grams" ON "quality_inspection_order" USING gin (app_grams("batch_code"));--> statement-breakpoint
CREATE INDEX "quality_inspection_order_source_code_grams" ON "quality_inspection_order" USING gin (app_grams("source_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_result_uq" ON "quality_inspection_result" USING btree ("tenant_id","order_id","sample_no","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_allocation_quality_uq" ON "stock_allocation" USING btree ("tenant_id","balance_id") WHERE "stock_allocation"."prep_line_id" is null;