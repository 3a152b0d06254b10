CREATE TABLE "stock_count_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"count_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"materials_id" integer NOT NULL,
	"location_id" integer,
	"batch_id" integer,
	"batch_code" text,
	"book_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"counted_quantity" numeric(18, 6),
	"remark" text,
	CONSTRAINT "stock_count_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_count" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"warehouse_area_id" integer,
	"is_blind" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"difference_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"counted_by" integer,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"adjust_codes" text,
	"created_by" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_limit_notice" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"materials_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_limit_notice_tenant_id_materials_id_kind_pk" PRIMARY KEY("tenant_id","materials_id","kind")
);
--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_count_id_fk" FOREIGN KEY ("tenant_id","count_id") REFERENCES "public"."stock_count"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."warehouse_location"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_batch_id_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."batch_number"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_warehouse_area_id_fk" FOREIGN KEY ("tenant_id","warehouse_area_id") REFERENCES "public"."warehouse_area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_counted_by_fk" FOREIGN KEY ("tenant_id","counted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_posted_by_fk" FOREIGN KEY ("tenant_id","posted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_limit_notice" ADD CONSTRAINT "stock_limit_notice_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_limit_notice" ADD CONSTRAINT "stock_limit_notice_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_count_line_count_idx" ON "stock_count_line" USING btree ("tenant_id","count_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_code_uq" ON "stock_count" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "stock_count_open_idx" ON "stock_count" USING btree ("tenant_id","warehouse_id","status");