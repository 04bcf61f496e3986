-- Customers, the modules switched on or off for each, and the audit log of every switch.
create table customers (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null check (length(name) between 1 and 200),
  created_at timestamptz not null default now()
);

-- One row per customer and module that has been set. A module without a row follows the manifest's
-- exposure.enabledForNewCustomers; the row's version counts the writes, for optimistic concurrency.
create table customer_modules (
  customer_id text not null references customers (id) on delete cascade,
  module_key text not null check (module_key ~ '^[a-z][a-z0-9]{1,15}$'),
  enabled boolean not null,
  version integer not null check (version > 0),
  updated_at timestamptz not null default now(),
  updated_by text not null,
  primary key (customer_id, module_key)
);

-- Append-only: who switched what, when, from what to what, and why.
create table module_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_sub text not null,
  actor_email text not null,
  customer_id text not null references customers (id) on delete cascade,
  module_key text not null,
  enabled_before boolean not null,
  enabled_after boolean not null,
  version integer not null,
  reason text not null check (length(reason) between 1 and 500)
);
create index module_audit_by_customer on module_audit (customer_id, id desc);
