-- Substring search by index (platform/list.ts byGrams, platform/schema.ts searchIndex): a value's
-- lower-cased unigrams and bigrams, and the grams a pattern's rows must all hold (its bigrams, or
-- its one character). lower() is what ILIKE folds case with, so the containment never loses a row
-- that ILIKE keeps. Immutable and strict: usable in indexes, null for a null value.
CREATE OR REPLACE FUNCTION app_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array(
    SELECT substr(l, i, n)
    FROM (SELECT lower(value) AS l) s, generate_series(1, length(l)) i, (VALUES (1), (2)) k(n)
    WHERE i + n - 1 <= length(l))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_pattern_grams(pattern text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(l) = 0 THEN '{}'::text[]
    WHEN length(l) = 1 THEN ARRAY[l]
    ELSE array(SELECT substr(l, i, 2) FROM generate_series(1, length(l) - 1) i)
  END
  FROM (SELECT lower(pattern) AS l) s
$$;--> statement-breakpoint
-- Under row-level security the planner uses an index only for leakproof operators and functions
-- (they run before the tenant's policy): app_grams and array containment (arraycontains, which
-- cannot fail or tell anything about a value) are declared so. Only a superuser may: a database
-- migrated by another role keeps correct answers, searched by scanning the tenant's rows
-- (docs/operations.md). pg_proc is per database; a restore from a dump must run this again.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION app_grams(text) LEAKPROOF;
    ALTER FUNCTION arraycontains(anyarray, anyarray) LEAKPROOF;
  ELSE
    RAISE WARNING 'app_grams and arraycontains not marked LEAKPROOF (needs a superuser): substring search will scan';
  END IF;
END
$$;--> statement-breakpoint
CREATE INDEX "basic_config_code_grams" ON "basic_config" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "basic_config_name_grams" ON "basic_config" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "custom_field_label_grams" ON "custom_field" USING gin (app_grams("label"));--> statement-breakpoint
CREATE INDEX "tenant_company_name_grams" ON "tenant" USING gin (app_grams("company_name"));--> statement-breakpoint
CREATE INDEX "tenant_member_code_grams" ON "tenant" USING gin (app_grams("member_code"));--> statement-breakpoint
CREATE INDEX "equipment_code_grams" ON "equipment" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "equipment_location_grams" ON "equipment" USING gin (app_grams("location"));--> statement-breakpoint
CREATE INDEX "equipment_model_grams" ON "equipment" USING gin (app_grams("model"));--> statement-breakpoint
CREATE INDEX "equipment_name_grams" ON "equipment" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "area_code_grams" ON "area" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "area_name_grams" ON "area" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "procedure_code_grams" ON "procedure" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "procedure_name_grams" ON "procedure" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "station_code_grams" ON "station" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "station_name_grams" ON "station" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "material_attribute_code_grams" ON "material_attribute" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "material_attribute_name_grams" ON "material_attribute" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "material_attribute_options_grams" ON "material_attribute" USING gin (app_grams("options"));--> statement-breakpoint
CREATE INDEX "material_class_code_grams" ON "material_class" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "material_class_name_grams" ON "material_class" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "material_code_grams" ON "material" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "material_name_grams" ON "material" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "material_specifications_grams" ON "material" USING gin (app_grams("specifications"));--> statement-breakpoint
CREATE INDEX "unit_code_grams" ON "unit" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "unit_name_grams" ON "unit" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "batch_number_code_grams" ON "batch_number" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "package_code_code_grams" ON "package_code" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "procedure_param_code_grams" ON "procedure_param" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "procedure_param_name_grams" ON "procedure_param" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "scrap_reason_category_grams" ON "scrap_reason" USING gin (app_grams("category"));--> statement-breakpoint
CREATE INDEX "scrap_reason_code_grams" ON "scrap_reason" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "scrap_reason_name_grams" ON "scrap_reason" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "customer_site_address_grams" ON "customer_site" USING gin (app_grams("address"));--> statement-breakpoint
CREATE INDEX "customer_site_code_grams" ON "customer_site" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "customer_site_contact_grams" ON "customer_site" USING gin (app_grams("contact"));--> statement-breakpoint
CREATE INDEX "customer_site_name_grams" ON "customer_site" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "customer_site_phone_grams" ON "customer_site" USING gin (app_grams("phone"));--> statement-breakpoint
CREATE INDEX "customer_address_grams" ON "customer" USING gin (app_grams("address"));--> statement-breakpoint
CREATE INDEX "customer_code_grams" ON "customer" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "customer_contact_grams" ON "customer" USING gin (app_grams("contact"));--> statement-breakpoint
CREATE INDEX "customer_name_grams" ON "customer" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "customer_phone_grams" ON "customer" USING gin (app_grams("phone"));--> statement-breakpoint
CREATE INDEX "customer_short_name_grams" ON "customer" USING gin (app_grams("short_name"));--> statement-breakpoint
CREATE INDEX "equipment_class_code_grams" ON "equipment_class" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "equipment_class_name_grams" ON "equipment_class" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "service_customer_address_grams" ON "service_customer" USING gin (app_grams("address"));--> statement-breakpoint
CREATE INDEX "service_customer_code_grams" ON "service_customer" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "service_customer_contact_grams" ON "service_customer" USING gin (app_grams("contact"));--> statement-breakpoint
CREATE INDEX "service_customer_industry_grams" ON "service_customer" USING gin (app_grams("industry"));--> statement-breakpoint
CREATE INDEX "service_customer_name_grams" ON "service_customer" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "service_customer_phone_grams" ON "service_customer" USING gin (app_grams("phone"));--> statement-breakpoint
CREATE INDEX "service_customer_short_name_grams" ON "service_customer" USING gin (app_grams("short_name"));--> statement-breakpoint
CREATE INDEX "supplier_address_grams" ON "supplier" USING gin (app_grams("address"));--> statement-breakpoint
CREATE INDEX "supplier_code_grams" ON "supplier" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "supplier_contact_grams" ON "supplier" USING gin (app_grams("contact"));--> statement-breakpoint
CREATE INDEX "supplier_name_grams" ON "supplier" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "supplier_phone_grams" ON "supplier" USING gin (app_grams("phone"));--> statement-breakpoint
CREATE INDEX "supplier_short_name_grams" ON "supplier" USING gin (app_grams("short_name"));--> statement-breakpoint
CREATE INDEX "process_flow_class_code_grams" ON "process_flow_class" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "process_flow_class_name_grams" ON "process_flow_class" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "process_flow_code_grams" ON "process_flow" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "process_flow_name_grams" ON "process_flow" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "package_info_code_grams" ON "package_info" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "package_info_name_grams" ON "package_info" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "stock_type_code_grams" ON "stock_type" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "stock_type_name_grams" ON "stock_type" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "tray_code_grams" ON "tray" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "tray_name_grams" ON "tray" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "tray_specifications_grams" ON "tray" USING gin (app_grams("specifications"));--> statement-breakpoint
CREATE INDEX "warehouse_area_code_grams" ON "warehouse_area" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "warehouse_area_name_grams" ON "warehouse_area" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "warehouse_location_code_grams" ON "warehouse_location" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "warehouse_location_name_grams" ON "warehouse_location" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "warehouse_address_grams" ON "warehouse" USING gin (app_grams("address"));--> statement-breakpoint
CREATE INDEX "warehouse_code_grams" ON "warehouse" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "warehouse_name_grams" ON "warehouse" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "market_detail_name_grams" ON "market_detail" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "notification_rule_name_grams" ON "notification_rule" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "produce_order_code_grams" ON "produce_order" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "produce_order_source_code_grams" ON "produce_order" USING gin (app_grams("source_code"));--> statement-breakpoint
CREATE INDEX "produce_plan_code_grams" ON "produce_plan" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "produce_work_order_code_grams" ON "produce_work_order" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "report_work_code_grams" ON "report_work" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "frequency_code_grams" ON "frequency" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "frequency_name_grams" ON "frequency" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "organization_code_grams" ON "organization" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "organization_name_grams" ON "organization" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "roles_name_grams" ON "roles" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "user_group_code_grams" ON "user_group" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "user_group_name_grams" ON "user_group" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "users_email_grams" ON "users" USING gin (app_grams("email"));--> statement-breakpoint
CREATE INDEX "users_job_number_grams" ON "users" USING gin (app_grams("job_number"));--> statement-breakpoint
CREATE INDEX "users_name_grams" ON "users" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "users_phone_grams" ON "users" USING gin (app_grams("phone"));--> statement-breakpoint
CREATE INDEX "users_user_name_grams" ON "users" USING gin (app_grams("user_name"));--> statement-breakpoint
CREATE INDEX "kitting_code_grams" ON "kitting" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "material_prep_code_grams" ON "material_prep" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "stock_count_adjust_codes_grams" ON "stock_count" USING gin (app_grams("adjust_codes"));--> statement-breakpoint
CREATE INDEX "stock_count_code_grams" ON "stock_count" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "stock_doc_code_grams" ON "stock_doc" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "stock_doc_source_number_grams" ON "stock_doc" USING gin (app_grams("source_number"));--> statement-breakpoint
CREATE INDEX "stock_movement_doc_code_grams" ON "stock_movement" USING gin (app_grams("doc_code"));