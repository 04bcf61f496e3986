-- Append-only: who changed which user of the identity provider, when, what, and why. The user lives in
-- the identity provider, so it is named by its username there and its e-mail address at the time.
create table user_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_sub text not null,
  actor_email text not null,
  username text not null,
  email text not null,
  action text not null check (action in ('invite', 'change', 'disable', 'enable', 'reset-mfa', 'resend-invitation')),
  changes jsonb not null default '[]',
  reason text not null check (length(reason) between 1 and 500)
);
create index user_audit_by_user on user_audit (username, id desc);
