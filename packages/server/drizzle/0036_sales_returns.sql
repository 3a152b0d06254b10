CREATE TABLE "sales_return" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"stock_doc_id" integer NOT NULL,
	"stock_doc_line_id" integer NOT NULL,
	"shipped_batch_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_return_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sales_order_line" ADD COLUMN "returned_quantity" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."sales_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_line_id_fk" FOREIGN KEY ("tenant_id","line_id") REFERENCES "public"."sales_order_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customer"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_stock_doc_line_id_fk" FOREIGN KEY ("tenant_id","stock_doc_line_id") REFERENCES "public"."stock_doc_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_shipped_batch_id_fk" FOREIGN KEY ("tenant_id","shipped_batch_id") REFERENCES "public"."batch_number"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_return" ADD CONSTRAINT "sales_return_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_return_order_idx" ON "sales_return" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "sales_return_line_idx" ON "sales_return" USING btree ("tenant_id","line_id");--> statement-breakpoint
CREATE INDEX "sales_return_doc_idx" ON "sales_return" USING btree ("tenant_id","stock_doc_id");--> statement-breakpoint
-- Tenants made before sales returns get the over-ship tolerance (default 0 %), each under its own
-- tenant setting so row-level security lets the row in.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT id FROM tenant LOOP
    PERFORM set_config('app.tenant_id', t.id::text, true);
    INSERT INTO basic_config (tenant_id, code, name, value, group_code, sort)
    VALUES (t.id, 'over_ship_rate', '销售超发比例(%)', '0', 'system', 9)
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
