-- Module bundles, issue 34: each file's br and gzip forms, made once at upload and served as they are (a
-- file that does not shrink, or is tiny, has none: served as it is); and a version's withdrawal by staff
-- (decision 0067). A withdrawn version keeps its row and its files' paths and digests, as its own audit
-- entry, and loses its bytes: it answers 404, stays taken, and counts towards no quota.
alter table module_bundle_files
  add column content_br bytea,
  add column content_gzip bytea,
  alter column content drop not null;

alter table module_bundles
  add column withdrawn_at timestamptz,
  add column withdrawn_by_sub text,
  add column withdrawn_by_email text,
  add column withdrawn_reason text check (length(withdrawn_reason) between 1 and 500),
  -- Withdrawn whole or not at all: who, when and why together.
  add constraint module_bundles_withdrawn_whole check (
    (withdrawn_at is null and withdrawn_by_sub is null and withdrawn_by_email is null and withdrawn_reason is null)
    or (withdrawn_at is not null and withdrawn_by_sub is not null and withdrawn_by_email is not null and withdrawn_reason is not null)
  );
