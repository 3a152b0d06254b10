CREATE TABLE "stock_allocation" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"prep_line_id" integer NOT NULL,
	"balance_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_allocation_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_allocation_positive" CHECK ("stock_allocation"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_allocation" ADD CONSTRAINT "stock_allocation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_allocation" ADD CONSTRAINT "stock_allocation_prep_line_id_fk" FOREIGN KEY ("tenant_id","prep_line_id") REFERENCES "public"."material_prep_line"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_allocation" ADD CONSTRAINT "stock_allocation_balance_id_fk" FOREIGN KEY ("tenant_id","balance_id") REFERENCES "public"."stock_balance"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_allocation_uq" ON "stock_allocation" USING btree ("tenant_id","prep_line_id","balance_id");--> statement-breakpoint
CREATE INDEX "stock_allocation_balance_idx" ON "stock_allocation" USING btree ("tenant_id","balance_id");