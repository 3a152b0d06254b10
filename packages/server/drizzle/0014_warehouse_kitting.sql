CREATE TABLE "kitting" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"plan_count" integer NOT NULL,
	"kitted_count" integer NOT NULL,
	"short_material_count" integer NOT NULL,
	"result" jsonb NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitting_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "kitting" ADD CONSTRAINT "kitting_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitting" ADD CONSTRAINT "kitting_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitting_code_uq" ON "kitting" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "kitting_created_idx" ON "kitting" USING btree ("tenant_id","created_at");