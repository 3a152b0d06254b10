CREATE TABLE "purchase_order_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"materials_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"unit_price" numeric(18, 6) DEFAULT '0' NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"delivery_time" timestamp with time zone NOT NULL,
	"received_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"returned_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"request_id" integer,
	"remark" text,
	CONSTRAINT "purchase_order_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"buyer_id" integer,
	"confirm_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"received_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"earliest_delivery" timestamp with time zone,
	"close_reason" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"stock_doc_id" integer NOT NULL,
	"stock_doc_line_id" integer NOT NULL,
	"batch_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"supplier_batch" text,
	"production_date" date,
	"needs_inspection" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	CONSTRAINT "purchase_receipt_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_request" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"mrp_run_id" integer,
	"materials_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"required_date" timestamp with time zone NOT NULL,
	"supplier_id" integer,
	"ordered_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_request_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD COLUMN "made_for" smallint;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."purchase_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_line" ADD CONSTRAINT "purchase_order_line_request_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."purchase_request"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_buyer_id_fk" FOREIGN KEY ("tenant_id","buyer_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."purchase_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."purchase_order_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_stock_doc_line_id_fk" FOREIGN KEY ("tenant_id","stock_doc_line_id") REFERENCES "public"."stock_doc_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_batch_id_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."batch_number"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt" ADD CONSTRAINT "purchase_receipt_reversed_by_fk" FOREIGN KEY ("tenant_id","reversed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request" ADD CONSTRAINT "purchase_request_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request" ADD CONSTRAINT "purchase_request_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request" ADD CONSTRAINT "purchase_request_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request" ADD CONSTRAINT "purchase_request_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_line_order_idx" ON "purchase_order_line" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_line_material_idx" ON "purchase_order_line" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "purchase_order_line_request_idx" ON "purchase_order_line" USING btree ("tenant_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_code_uq" ON "purchase_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "purchase_order_supplier_idx" ON "purchase_order" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_order_created_idx" ON "purchase_order" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_order_code_grams" ON "purchase_order" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "purchase_receipt_order_idx" ON "purchase_receipt" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_line_idx" ON "purchase_receipt" USING btree ("tenant_id","line_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_doc_idx" ON "purchase_receipt" USING btree ("tenant_id","stock_doc_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_batch_idx" ON "purchase_receipt" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_request_code_uq" ON "purchase_request" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "purchase_request_material_idx" ON "purchase_request" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "purchase_request_status_idx" ON "purchase_request" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "purchase_request_created_idx" ON "purchase_request" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_request_run_idx" ON "purchase_request" USING btree ("tenant_id","mrp_run_id");--> statement-breakpoint
CREATE INDEX "purchase_request_code_grams" ON "purchase_request" USING gin (app_grams("code"));--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_reversed_by_fk" FOREIGN KEY ("tenant_id","reversed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Tenants made before purchase get its over-receipt tolerance (default 0 %), each under its own
-- tenant setting so row-level security lets the row in.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT id FROM tenant LOOP
    PERFORM set_config('app.tenant_id', t.id::text, true);
    INSERT INTO basic_config (tenant_id, code, name, value, group_code, sort)
    VALUES (t.id, 'over_receipt_rate', '采购超收比例(%)', '0', 'system', 8)
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
