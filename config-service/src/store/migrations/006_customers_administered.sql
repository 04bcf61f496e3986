-- Operators add and rename customers (issue 27). A customer's name gets a version, written with If-Match
-- as the switches are, and its audit log gains the customer's own changes: created and renamed.
alter table customers add column version integer not null default 1 check (version > 0);

alter table module_audit add column action text not null default 'switch' check (action in ('switch', 'created', 'renamed'));
alter table module_audit alter column module_key drop not null;
alter table module_audit alter column enabled_before drop not null;
alter table module_audit alter column enabled_after drop not null;
alter table module_audit add column name_before text;
alter table module_audit add column name_after text;
-- A switch entry has its module and states; an entry of the customer's own names its new name and no module.
alter table module_audit add constraint module_audit_entry_kind check (
  (action = 'switch' and module_key is not null and enabled_before is not null and enabled_after is not null)
  or (action <> 'switch' and module_key is null and name_after is not null)
);

-- The operators' list is paged by name (then id) and searched within it.
create index customers_by_name on customers (name, id);
