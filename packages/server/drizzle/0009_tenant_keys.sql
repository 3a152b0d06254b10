-- Keys that carry the tenant (issue 28): every tenant table gets (tenant_id, id) as its primary
-- key, tenant_id first in its indexes, and composite references (tenant_id, x_id) -> (tenant_id, id),
-- so the database refuses a reference into another tenant and Citus can distribute by tenant_id.
-- Order: references off, old keys off, new keys on, references back on (as composites).
ALTER TABLE "domain_event_handling" DROP CONSTRAINT "domain_event_handling_event_id_domain_event_id_fk";
--> statement-breakpoint
ALTER TABLE "equipment" DROP CONSTRAINT "equipment_class_id_equipment_class_id_fk";
--> statement-breakpoint
ALTER TABLE "user_equipment" DROP CONSTRAINT "user_equipment_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_equipment" DROP CONSTRAINT "user_equipment_equipment_id_equipment_id_fk";
--> statement-breakpoint
ALTER TABLE "area" DROP CONSTRAINT "area_organization_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "batch_number" DROP CONSTRAINT "batch_number_material_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "batch_number" DROP CONSTRAINT "batch_number_supplier_id_supplier_id_fk";
--> statement-breakpoint
ALTER TABLE "batch_number" DROP CONSTRAINT "batch_number_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bom_item" DROP CONSTRAINT "bom_item_parent_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "bom_item" DROP CONSTRAINT "bom_item_child_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_site" DROP CONSTRAINT "customer_site_customer_id_service_customer_id_fk";
--> statement-breakpoint
ALTER TABLE "equipment_class" DROP CONSTRAINT "equipment_class_parent_id_equipment_class_id_fk";
--> statement-breakpoint
ALTER TABLE "material_attribute_value" DROP CONSTRAINT "material_attribute_value_material_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "material_attribute_value" DROP CONSTRAINT "material_attribute_value_attribute_id_material_attribute_id_fk";
--> statement-breakpoint
ALTER TABLE "material_class" DROP CONSTRAINT "material_class_parent_id_material_class_id_fk";
--> statement-breakpoint
ALTER TABLE "material" DROP CONSTRAINT "material_class_id_material_class_id_fk";
--> statement-breakpoint
ALTER TABLE "material" DROP CONSTRAINT "material_main_unit_id_unit_id_fk";
--> statement-breakpoint
ALTER TABLE "material" DROP CONSTRAINT "material_aux_unit_id_unit_id_fk";
--> statement-breakpoint
ALTER TABLE "package_code" DROP CONSTRAINT "package_code_package_id_package_info_id_fk";
--> statement-breakpoint
ALTER TABLE "package_code" DROP CONSTRAINT "package_code_batch_number_id_batch_number_id_fk";
--> statement-breakpoint
ALTER TABLE "package_code" DROP CONSTRAINT "package_code_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "package_level" DROP CONSTRAINT "package_level_package_id_package_info_id_fk";
--> statement-breakpoint
ALTER TABLE "package_info" DROP CONSTRAINT "package_info_material_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "procedure_param" DROP CONSTRAINT "procedure_param_procedure_id_procedure_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_material" DROP CONSTRAINT "process_flow_material_version_id_process_flow_version_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_material" DROP CONSTRAINT "process_flow_material_step_id_process_flow_step_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_material" DROP CONSTRAINT "process_flow_material_material_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_step_area" DROP CONSTRAINT "process_flow_step_area_step_id_process_flow_step_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_step_area" DROP CONSTRAINT "process_flow_step_area_area_id_area_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_step_station" DROP CONSTRAINT "process_flow_step_station_step_id_process_flow_step_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_step_station" DROP CONSTRAINT "process_flow_step_station_station_id_station_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_step" DROP CONSTRAINT "process_flow_step_version_id_process_flow_version_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_step" DROP CONSTRAINT "process_flow_step_procedure_id_procedure_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow_version" DROP CONSTRAINT "process_flow_version_flow_id_process_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow" DROP CONSTRAINT "process_flow_class_id_process_flow_class_id_fk";
--> statement-breakpoint
ALTER TABLE "process_flow" DROP CONSTRAINT "process_flow_material_id_material_id_fk";
--> statement-breakpoint
ALTER TABLE "station_procedure" DROP CONSTRAINT "station_procedure_station_id_station_id_fk";
--> statement-breakpoint
ALTER TABLE "station_procedure" DROP CONSTRAINT "station_procedure_procedure_id_procedure_id_fk";
--> statement-breakpoint
ALTER TABLE "station" DROP CONSTRAINT "station_area_id_area_id_fk";
--> statement-breakpoint
ALTER TABLE "user_station" DROP CONSTRAINT "user_station_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_station" DROP CONSTRAINT "user_station_station_id_station_id_fk";
--> statement-breakpoint
ALTER TABLE "warehouse_area" DROP CONSTRAINT "warehouse_area_warehouse_id_warehouse_id_fk";
--> statement-breakpoint
ALTER TABLE "warehouse_location" DROP CONSTRAINT "warehouse_location_warehouse_area_id_warehouse_area_id_fk";
--> statement-breakpoint
ALTER TABLE "warehouse" DROP CONSTRAINT "warehouse_area_id_area_id_fk";
--> statement-breakpoint
ALTER TABLE "warehouse" DROP CONSTRAINT "warehouse_keeper_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_task" DROP CONSTRAINT "notification_task_recipient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "organization" DROP CONSTRAINT "organization_parent_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "user_group_member" DROP CONSTRAINT "user_group_member_group_id_user_group_id_fk";
--> statement-breakpoint
ALTER TABLE "user_group_member" DROP CONSTRAINT "user_group_member_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_frequency_id_frequency_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_organization_id_organization_id_fk";
--> statement-breakpoint
DROP INDEX "session_token_hash_uq";--> statement-breakpoint
DROP INDEX "equipment_class_idx";--> statement-breakpoint
DROP INDEX "user_equipment_equipment_idx";--> statement-breakpoint
DROP INDEX "batch_number_material_idx";--> statement-breakpoint
DROP INDEX "bom_item_parent_child_uq";--> statement-breakpoint
DROP INDEX "bom_item_child_idx";--> statement-breakpoint
DROP INDEX "customer_site_customer_idx";--> statement-breakpoint
DROP INDEX "equipment_class_parent_idx";--> statement-breakpoint
DROP INDEX "material_attribute_value_attr_idx";--> statement-breakpoint
DROP INDEX "material_class_parent_idx";--> statement-breakpoint
DROP INDEX "material_class_idx";--> statement-breakpoint
DROP INDEX "package_code_package_idx";--> statement-breakpoint
DROP INDEX "package_level_uq";--> statement-breakpoint
DROP INDEX "package_info_material_idx";--> statement-breakpoint
DROP INDEX "procedure_param_procedure_idx";--> statement-breakpoint
DROP INDEX "process_flow_material_uq";--> statement-breakpoint
DROP INDEX "process_flow_material_material_idx";--> statement-breakpoint
DROP INDEX "process_flow_step_area_area_idx";--> statement-breakpoint
DROP INDEX "process_flow_step_station_station_idx";--> statement-breakpoint
DROP INDEX "process_flow_step_seq_uq";--> statement-breakpoint
DROP INDEX "process_flow_step_procedure_idx";--> statement-breakpoint
DROP INDEX "process_flow_version_name_uq";--> statement-breakpoint
DROP INDEX "process_flow_version_main_uq";--> statement-breakpoint
DROP INDEX "process_flow_material_idx";--> statement-breakpoint
DROP INDEX "process_flow_class_idx";--> statement-breakpoint
DROP INDEX "station_procedure_procedure_idx";--> statement-breakpoint
DROP INDEX "station_area_idx";--> statement-breakpoint
DROP INDEX "user_station_station_idx";--> statement-breakpoint
DROP INDEX "warehouse_area_wh_idx";--> statement-breakpoint
DROP INDEX "warehouse_location_area_idx";--> statement-breakpoint
DROP INDEX "warehouse_area_idx";--> statement-breakpoint
DROP INDEX "organization_parent_idx";--> statement-breakpoint
DROP INDEX "user_group_member_user_idx";--> statement-breakpoint
DROP INDEX "user_roles_role_idx";--> statement-breakpoint
ALTER TABLE "domain_event_handling" DROP CONSTRAINT "domain_event_handling_event_id_handler_pk";--> statement-breakpoint
ALTER TABLE "user_equipment" DROP CONSTRAINT "user_equipment_user_id_equipment_id_pk";--> statement-breakpoint
ALTER TABLE "material_attribute_value" DROP CONSTRAINT "material_attribute_value_material_id_attribute_id_pk";--> statement-breakpoint
ALTER TABLE "process_flow_step_area" DROP CONSTRAINT "process_flow_step_area_step_id_area_id_pk";--> statement-breakpoint
ALTER TABLE "process_flow_step_station" DROP CONSTRAINT "process_flow_step_station_step_id_station_id_pk";--> statement-breakpoint
ALTER TABLE "station_procedure" DROP CONSTRAINT "station_procedure_station_id_procedure_id_pk";--> statement-breakpoint
ALTER TABLE "user_station" DROP CONSTRAINT "user_station_user_id_station_id_pk";--> statement-breakpoint
ALTER TABLE "user_group_member" DROP CONSTRAINT "user_group_member_group_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_role_id_pk";--> statement-breakpoint
DO $$
DECLARE
  pk record;
BEGIN
  -- the primary keys not led by tenant_id (named by PostgreSQL, so found in the catalog)
  FOR pk IN
    SELECT c.conrelid::regclass AS tbl, c.conname
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE c.contype = 'p' AND n.nspname = 'public' AND c.conkey[1] <> a.attnum
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', pk.tbl, pk.conname);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "domain_event_handling" ADD CONSTRAINT "domain_event_handling_tenant_id_event_id_handler_pk" PRIMARY KEY("tenant_id","event_id","handler");--> statement-breakpoint
ALTER TABLE "domain_event" ADD CONSTRAINT "domain_event_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "user_equipment" ADD CONSTRAINT "user_equipment_tenant_id_user_id_equipment_id_pk" PRIMARY KEY("tenant_id","user_id","equipment_id");--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "area" ADD CONSTRAINT "area_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "bom_item" ADD CONSTRAINT "bom_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "customer_site" ADD CONSTRAINT "customer_site_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "equipment_class" ADD CONSTRAINT "equipment_class_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "material_attribute_value" ADD CONSTRAINT "material_attribute_value_tenant_id_material_id_attribute_id_pk" PRIMARY KEY("tenant_id","material_id","attribute_id");--> statement-breakpoint
ALTER TABLE "material_attribute" ADD CONSTRAINT "material_attribute_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "material_class" ADD CONSTRAINT "material_class_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "package_level" ADD CONSTRAINT "package_level_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "package_info" ADD CONSTRAINT "package_info_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "procedure_param" ADD CONSTRAINT "procedure_param_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "procedure" ADD CONSTRAINT "procedure_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "process_flow_class" ADD CONSTRAINT "process_flow_class_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "process_flow_step_area" ADD CONSTRAINT "process_flow_step_area_tenant_id_step_id_area_id_pk" PRIMARY KEY("tenant_id","step_id","area_id");--> statement-breakpoint
ALTER TABLE "process_flow_step_station" ADD CONSTRAINT "process_flow_step_station_tenant_id_step_id_station_id_pk" PRIMARY KEY("tenant_id","step_id","station_id");--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD CONSTRAINT "process_flow_step_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "process_flow_version" ADD CONSTRAINT "process_flow_version_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "process_flow" ADD CONSTRAINT "process_flow_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "scrap_reason" ADD CONSTRAINT "scrap_reason_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_customer" ADD CONSTRAINT "service_customer_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "station_procedure" ADD CONSTRAINT "station_procedure_tenant_id_station_id_procedure_id_pk" PRIMARY KEY("tenant_id","station_id","procedure_id");--> statement-breakpoint
ALTER TABLE "station" ADD CONSTRAINT "station_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "stock_type" ADD CONSTRAINT "stock_type_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "tray" ADD CONSTRAINT "tray_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "unit" ADD CONSTRAINT "unit_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "user_station" ADD CONSTRAINT "user_station_tenant_id_user_id_station_id_pk" PRIMARY KEY("tenant_id","user_id","station_id");--> statement-breakpoint
ALTER TABLE "warehouse_area" ADD CONSTRAINT "warehouse_area_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "warehouse_location" ADD CONSTRAINT "warehouse_location_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "notification_rule" ADD CONSTRAINT "notification_rule_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "notification_task" ADD CONSTRAINT "notification_task_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "basic_config" ADD CONSTRAINT "basic_config_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "code_rule" ADD CONSTRAINT "code_rule_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "custom_field" ADD CONSTRAINT "custom_field_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "frequency" ADD CONSTRAINT "frequency_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "organization" ADD CONSTRAINT "organization_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_tenant_id_group_id_user_id_pk" PRIMARY KEY("tenant_id","group_id","user_id");--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_tenant_id_user_id_role_id_pk" PRIMARY KEY("tenant_id","user_id","role_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "domain_event_handling" ADD CONSTRAINT "domain_event_handling_event_id_fk" FOREIGN KEY ("tenant_id","event_id") REFERENCES "public"."domain_event"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."equipment_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_equipment" ADD CONSTRAINT "user_equipment_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_equipment" ADD CONSTRAINT "user_equipment_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area" ADD CONSTRAINT "area_organization_id_fk" FOREIGN KEY ("tenant_id","organization_id") REFERENCES "public"."organization"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_item" ADD CONSTRAINT "bom_item_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_item" ADD CONSTRAINT "bom_item_child_id_fk" FOREIGN KEY ("tenant_id","child_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_site" ADD CONSTRAINT "customer_site_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."service_customer"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_class" ADD CONSTRAINT "equipment_class_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."equipment_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_attribute_value" ADD CONSTRAINT "material_attribute_value_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_attribute_value" ADD CONSTRAINT "material_attribute_value_attribute_id_fk" FOREIGN KEY ("tenant_id","attribute_id") REFERENCES "public"."material_attribute"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_class" ADD CONSTRAINT "material_class_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."material_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."material_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_main_unit_id_fk" FOREIGN KEY ("tenant_id","main_unit_id") REFERENCES "public"."unit"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_aux_unit_id_fk" FOREIGN KEY ("tenant_id","aux_unit_id") REFERENCES "public"."unit"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_package_id_fk" FOREIGN KEY ("tenant_id","package_id") REFERENCES "public"."package_info"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_batch_number_id_fk" FOREIGN KEY ("tenant_id","batch_number_id") REFERENCES "public"."batch_number"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_level" ADD CONSTRAINT "package_level_package_id_fk" FOREIGN KEY ("tenant_id","package_id") REFERENCES "public"."package_info"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_info" ADD CONSTRAINT "package_info_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_param" ADD CONSTRAINT "procedure_param_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_version_id_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."process_flow_version"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_step_id_fk" FOREIGN KEY ("tenant_id","step_id") REFERENCES "public"."process_flow_step"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_area" ADD CONSTRAINT "process_flow_step_area_step_id_fk" FOREIGN KEY ("tenant_id","step_id") REFERENCES "public"."process_flow_step"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_area" ADD CONSTRAINT "process_flow_step_area_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_station" ADD CONSTRAINT "process_flow_step_station_step_id_fk" FOREIGN KEY ("tenant_id","step_id") REFERENCES "public"."process_flow_step"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_station" ADD CONSTRAINT "process_flow_step_station_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD CONSTRAINT "process_flow_step_version_id_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."process_flow_version"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD CONSTRAINT "process_flow_step_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_version" ADD CONSTRAINT "process_flow_version_flow_id_fk" FOREIGN KEY ("tenant_id","flow_id") REFERENCES "public"."process_flow"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow" ADD CONSTRAINT "process_flow_class_id_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."process_flow_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow" ADD CONSTRAINT "process_flow_material_id_fk" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_procedure" ADD CONSTRAINT "station_procedure_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_procedure" ADD CONSTRAINT "station_procedure_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station" ADD CONSTRAINT "station_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_station" ADD CONSTRAINT "user_station_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_station" ADD CONSTRAINT "user_station_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_area" ADD CONSTRAINT "warehouse_area_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_location" ADD CONSTRAINT "warehouse_location_warehouse_area_id_fk" FOREIGN KEY ("tenant_id","warehouse_area_id") REFERENCES "public"."warehouse_area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_keeper_id_fk" FOREIGN KEY ("tenant_id","keeper_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_task" ADD CONSTRAINT "notification_task_recipient_id_fk" FOREIGN KEY ("tenant_id","recipient_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization" ADD CONSTRAINT "organization_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."organization"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_group_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."user_group"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_frequency_id_fk" FOREIGN KEY ("tenant_id","frequency_id") REFERENCES "public"."frequency"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_fk" FOREIGN KEY ("tenant_id","organization_id") REFERENCES "public"."organization"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_hash_uq" ON "session" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "equipment_class_idx" ON "equipment" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE INDEX "user_equipment_equipment_idx" ON "user_equipment" USING btree ("tenant_id","equipment_id");--> statement-breakpoint
CREATE INDEX "batch_number_material_idx" ON "batch_number" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bom_item_parent_child_uq" ON "bom_item" USING btree ("tenant_id","parent_id","child_id");--> statement-breakpoint
CREATE INDEX "bom_item_child_idx" ON "bom_item" USING btree ("tenant_id","child_id");--> statement-breakpoint
CREATE INDEX "customer_site_customer_idx" ON "customer_site" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "equipment_class_parent_idx" ON "equipment_class" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "material_attribute_value_attr_idx" ON "material_attribute_value" USING btree ("tenant_id","attribute_id");--> statement-breakpoint
CREATE INDEX "material_class_parent_idx" ON "material_class" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "material_class_idx" ON "material" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE INDEX "package_code_package_idx" ON "package_code" USING btree ("tenant_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_level_uq" ON "package_level" USING btree ("tenant_id","package_id","level");--> statement-breakpoint
CREATE INDEX "package_info_material_idx" ON "package_info" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "procedure_param_procedure_idx" ON "procedure_param" USING btree ("tenant_id","procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_material_uq" ON "process_flow_material" USING btree ("tenant_id","version_id","material_id");--> statement-breakpoint
CREATE INDEX "process_flow_material_material_idx" ON "process_flow_material" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "process_flow_step_area_area_idx" ON "process_flow_step_area" USING btree ("tenant_id","area_id");--> statement-breakpoint
CREATE INDEX "process_flow_step_station_station_idx" ON "process_flow_step_station" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_step_seq_uq" ON "process_flow_step" USING btree ("tenant_id","version_id","seq");--> statement-breakpoint
CREATE INDEX "process_flow_step_procedure_idx" ON "process_flow_step" USING btree ("tenant_id","procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_version_name_uq" ON "process_flow_version" USING btree ("tenant_id","flow_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_version_main_uq" ON "process_flow_version" USING btree ("tenant_id","flow_id") WHERE is_main;--> statement-breakpoint
CREATE INDEX "process_flow_material_idx" ON "process_flow" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "process_flow_class_idx" ON "process_flow" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE INDEX "station_procedure_procedure_idx" ON "station_procedure" USING btree ("tenant_id","procedure_id");--> statement-breakpoint
CREATE INDEX "station_area_idx" ON "station" USING btree ("tenant_id","area_id");--> statement-breakpoint
CREATE INDEX "user_station_station_idx" ON "user_station" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE INDEX "warehouse_area_wh_idx" ON "warehouse_area" USING btree ("tenant_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "warehouse_location_area_idx" ON "warehouse_location" USING btree ("tenant_id","warehouse_area_id");--> statement-breakpoint
CREATE INDEX "warehouse_area_idx" ON "warehouse" USING btree ("tenant_id","area_id");--> statement-breakpoint
CREATE INDEX "organization_parent_idx" ON "organization" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "user_group_member_user_idx" ON "user_group_member" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("tenant_id","role_id");