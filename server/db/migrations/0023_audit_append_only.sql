-- The console's audit log is append-only for the application (docs/decisions/285-audit-log-append-only.md): any
-- UPDATE or DELETE statement on it fails, whatever rows it would touch (a statement trigger: `where false`
-- fails too). TRUNCATE and DDL stay the database owner's: the application issues neither. An operator who must
-- remove rows disables the trigger in the same transaction as the delete (docs/merchants/console.md).
CREATE FUNCTION "console_audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'console_audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "console_audit_log_append_only" BEFORE UPDATE OR DELETE ON "console_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "console_audit_log_refuse_change"();
