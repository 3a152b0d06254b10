CREATE TABLE "quality_disposition" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"nc_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"disposition" smallint NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"rework_work_order_id" integer,
	"stock_doc_id" integer,
	"made_code" text,
	"remark" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quality_disposition_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_nonconforming" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source" smallint NOT NULL,
	"source_id" integer NOT NULL,
	"source_code" text,
	"inspection_order_id" integer,
	"kind" smallint NOT NULL,
	"materials_id" integer NOT NULL,
	"batch_id" integer,
	"batch_code" text,
	"work_order_id" integer,
	"task_id" integer,
	"procedure_id" integer,
	"supplier_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"handled_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"handling_status" smallint DEFAULT 0 NOT NULL,
	"defect_summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_nonconforming_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD COLUMN "written_off_quantity" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quality_disposition" ADD CONSTRAINT "quality_disposition_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_disposition" ADD CONSTRAINT "quality_disposition_nc_id_fk" FOREIGN KEY ("tenant_id","nc_id") REFERENCES "public"."quality_nonconforming"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_disposition" ADD CONSTRAINT "quality_disposition_handled_by_fk" FOREIGN KEY ("tenant_id","handled_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_nonconforming" ADD CONSTRAINT "quality_nonconforming_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_nonconforming" ADD CONSTRAINT "quality_nonconforming_inspection_order_id_fk" FOREIGN KEY ("tenant_id","inspection_order_id") REFERENCES "public"."quality_inspection_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_disposition_nc_idx" ON "quality_disposition" USING btree ("tenant_id","nc_id");--> statement-breakpoint
CREATE INDEX "quality_disposition_handled_idx" ON "quality_disposition" USING btree ("tenant_id","handled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_nonconforming_code_uq" ON "quality_nonconforming" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "quality_nonconforming_source_idx" ON "quality_nonconforming" USING btree ("tenant_id","source","source_id");--> statement-breakpoint
CREATE INDEX "quality_nonconforming_work_order_idx" ON "quality_nonconforming" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE INDEX "quality_nonconforming_batch_idx" ON "quality_nonconforming" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE INDEX "quality_nonconforming_code_grams" ON "quality_nonconforming" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "quality_nonconforming_batch_code_grams" ON "quality_nonconforming" USING gin (app_grams("batch_code"));--> statement-breakpoint
CREATE INDEX "quality_nonconforming_source_code_grams" ON "quality_nonconforming" USING gin (app_grams("source_code"));