ALTER TABLE "unit" ADD COLUMN "precision" smallint;--> statement-breakpoint
ALTER TABLE "mrp_run" ADD COLUMN "bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mrp_run" ADD COLUMN "horizon_end" date;