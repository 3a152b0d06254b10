CREATE TABLE "stock_balance" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"materials_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer DEFAULT 0 NOT NULL,
	"batch_id" integer DEFAULT 0 NOT NULL,
	"on_hand" numeric(18, 6) DEFAULT '0' NOT NULL,
	"allocated" numeric(18, 6) DEFAULT '0' NOT NULL,
	"first_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balance_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_balance_not_negative" CHECK ("stock_balance"."on_hand" >= 0 and "stock_balance"."allocated" >= 0 and "stock_balance"."allocated" <= "stock_balance"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_doc_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"doc_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"materials_id" integer NOT NULL,
	"batch_code" text,
	"location_id" integer,
	"target_location_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"remark" text,
	CONSTRAINT "stock_doc_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_doc" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"kind" smallint NOT NULL,
	"stock_type_id" integer,
	"book_as" smallint,
	"warehouse_id" integer NOT NULL,
	"target_warehouse_id" integer,
	"supplier_id" integer,
	"source_number" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"created_by" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_doc_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" bigserial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"materials_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer,
	"batch_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"balance_after" numeric(18, 6) NOT NULL,
	"doc_kind" smallint NOT NULL,
	"book_as" smallint,
	"stock_type_id" integer,
	"doc_id" integer,
	"doc_code" text NOT NULL,
	"doc_line_id" integer,
	"reversal_of" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc_line" ADD CONSTRAINT "stock_doc_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc_line" ADD CONSTRAINT "stock_doc_line_doc_id_fk" FOREIGN KEY ("tenant_id","doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc_line" ADD CONSTRAINT "stock_doc_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc_line" ADD CONSTRAINT "stock_doc_line_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."warehouse_location"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc_line" ADD CONSTRAINT "stock_doc_line_target_location_id_fk" FOREIGN KEY ("tenant_id","target_location_id") REFERENCES "public"."warehouse_location"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_stock_type_id_fk" FOREIGN KEY ("tenant_id","stock_type_id") REFERENCES "public"."stock_type"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_target_warehouse_id_fk" FOREIGN KEY ("tenant_id","target_warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_posted_by_fk" FOREIGN KEY ("tenant_id","posted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_doc" ADD CONSTRAINT "stock_doc_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."warehouse_location"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_batch_id_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."batch_number"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_stock_type_id_fk" FOREIGN KEY ("tenant_id","stock_type_id") REFERENCES "public"."stock_type"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_doc_id_fk" FOREIGN KEY ("tenant_id","doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_reversal_of_fk" FOREIGN KEY ("tenant_id","reversal_of") REFERENCES "public"."stock_movement"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balance_key_uq" ON "stock_balance" USING btree ("tenant_id","materials_id","warehouse_id","location_id","batch_id");--> statement-breakpoint
CREATE INDEX "stock_balance_warehouse_idx" ON "stock_balance" USING btree ("tenant_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_doc_line_doc_idx" ON "stock_doc_line" USING btree ("tenant_id","doc_id");--> statement-breakpoint
CREATE INDEX "stock_doc_line_material_idx" ON "stock_doc_line" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_doc_code_uq" ON "stock_doc" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "stock_doc_created_idx" ON "stock_doc" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_doc_status_idx" ON "stock_doc" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "stock_movement_created_idx" ON "stock_movement" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movement_material_idx" ON "stock_movement" USING btree ("tenant_id","materials_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movement_doc_idx" ON "stock_movement" USING btree ("tenant_id","doc_id");--> statement-breakpoint
CREATE INDEX "stock_movement_batch_idx" ON "stock_movement" USING btree ("tenant_id","batch_id");