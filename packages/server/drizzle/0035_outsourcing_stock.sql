ALTER TABLE "warehouse" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "outsource_send" ADD COLUMN "stock_doc_id" integer;--> statement-breakpoint
ALTER TABLE "material_prep_line" ADD COLUMN "out_quantity" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_send" ADD CONSTRAINT "outsource_send_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_supplier_uq" ON "warehouse" USING btree ("tenant_id","supplier_id") WHERE kind = 2;