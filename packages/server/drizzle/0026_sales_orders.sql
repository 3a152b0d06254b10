CREATE TABLE "sales_order_line" (
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
	"shipped_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"remark" text,
	CONSTRAINT "sales_order_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sales_order_produce" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"produce_order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_order_produce_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sales_order" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"delivery_address" text,
	"salesman_id" integer,
	"confirm_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"shipped_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"earliest_delivery" timestamp with time zone,
	"close_reason" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sales_shipment" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"stock_doc_id" integer NOT NULL,
	"stock_doc_line_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_shipment_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sales_order_line" ADD CONSTRAINT "sales_order_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_line" ADD CONSTRAINT "sales_order_line_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."sales_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_line" ADD CONSTRAINT "sales_order_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_produce" ADD CONSTRAINT "sales_order_produce_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_produce" ADD CONSTRAINT "sales_order_produce_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."sales_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_produce" ADD CONSTRAINT "sales_order_produce_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."sales_order_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_produce" ADD CONSTRAINT "sales_order_produce_produce_order_id_fk" FOREIGN KEY ("tenant_id","produce_order_id") REFERENCES "public"."produce_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customer"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_salesman_id_fk" FOREIGN KEY ("tenant_id","salesman_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."sales_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."sales_order_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customer"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_stock_doc_line_id_fk" FOREIGN KEY ("tenant_id","stock_doc_line_id") REFERENCES "public"."stock_doc_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment" ADD CONSTRAINT "sales_shipment_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_line_order_idx" ON "sales_order_line" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "sales_order_line_material_idx" ON "sales_order_line" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "sales_order_produce_order_idx" ON "sales_order_produce" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "sales_order_produce_line_idx" ON "sales_order_produce" USING btree ("tenant_id","line_id");--> statement-breakpoint
CREATE INDEX "sales_order_produce_po_idx" ON "sales_order_produce" USING btree ("tenant_id","produce_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_code_uq" ON "sales_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "sales_order_customer_idx" ON "sales_order" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "sales_order_created_idx" ON "sales_order" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_order_code_grams" ON "sales_order" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "sales_order_delivery_address_grams" ON "sales_order" USING gin (app_grams("delivery_address"));--> statement-breakpoint
CREATE INDEX "sales_shipment_order_idx" ON "sales_shipment" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "sales_shipment_line_idx" ON "sales_shipment" USING btree ("tenant_id","line_id");--> statement-breakpoint
CREATE INDEX "sales_shipment_customer_idx" ON "sales_shipment" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "sales_shipment_doc_idx" ON "sales_shipment" USING btree ("tenant_id","stock_doc_id");