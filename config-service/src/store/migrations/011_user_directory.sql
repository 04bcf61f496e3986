-- The platform's own index of the identity provider's users (issue 37, decision 0085), so that one
-- customer's users are a query, not a scan of the pool. The pool stays the truth: every change the
-- platform makes is written through, each verified sign-in refreshes its user, and a background
-- reconciliation lists the pool to add users made elsewhere and drop deleted ones.
create table user_directory (
  username text primary key check (length(username) between 1 and 128),
  sub text not null check (length(sub) between 1 and 200),
  email text not null default '' check (length(email) <= 320),
  given_name text not null default '' check (length(given_name) <= 200),
  family_name text not null default '' check (length(family_name) <= 200),
  -- custom:auth as the pool holds it, so that a change keeps what the form cannot show (decision 0082).
  custom_auth text check (length(custom_auth) <= 2048),
  -- The customer the claim names as the platform reads it (lower case; null for staff or a refused claim).
  customer_id text,
  status text not null default 'UNKNOWN',
  enabled boolean not null default true,
  -- Whether a second factor is set up: null until the pool is asked (ListUsers does not say).
  mfa_set_up boolean,
  -- The last change of this row by anyone, and the last time a listing of the whole pool saw it: a
  -- reconciliation removes rows neither written nor listed since it started.
  updated_at timestamptz not null default now(),
  listed_at timestamptz,
  -- Lower-case keys in byte order, for prefix search and keyset paging on an index.
  email_key text collate "C" generated always as (lower(email)) stored,
  given_key text collate "C" generated always as (lower(given_name)) stored,
  family_key text collate "C" generated always as (lower(family_name)) stored
);
create index user_directory_by_customer on user_directory (customer_id, email_key, username);
create index user_directory_by_email on user_directory (email_key, username);
create index user_directory_by_given on user_directory (customer_id, given_key);
create index user_directory_by_family on user_directory (customer_id, family_key);
create index user_directory_given on user_directory (given_key);
create index user_directory_family on user_directory (family_key);
create index user_directory_sub on user_directory (sub);
