-- Trusted publishers (issue 38): a module team's CI, known by the OpenID Connect issuer, audience and
-- subject of its own tokens, may exchange such a token for a short-lived publish token of its modules.
-- A registration is never deleted: revoking sets who, when and why, so the row stays its own audit entry.
create table trusted_publishers (
  id uuid primary key,
  issuer text not null check (length(issuer) between 8 and 500),
  audience text not null check (length(audience) between 1 and 500),
  subject text not null check (length(subject) between 1 and 500),
  modules text[] not null check (cardinality(modules) between 1 and 100),
  reason text not null check (length(reason) between 1 and 500),
  created_by_sub text not null,
  created_by_email text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by_sub text,
  revoked_by_email text,
  revoked_reason text check (revoked_reason is null or length(revoked_reason) between 1 and 500)
);
-- The exchange looks publishers up by the token's issuer; one registration of a subject per issuer and audience.
create unique index trusted_publishers_active on trusted_publishers (issuer, audience, subject) where revoked_at is null;

-- Publish tokens given out in exchange: only their SHA-256 is kept, so a database read does not hand out
-- a usable token, and every replica accepts a token any replica issued. Expired rows are pruned on issue.
create table publish_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  publisher_id uuid not null references trusted_publishers (id),
  expires_at timestamptz not null
);
create index publish_tokens_by_expiry on publish_tokens (expires_at);
