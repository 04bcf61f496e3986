-- Release ids grow from 12 hex digits (48 bits: a colliding manifest set can be found in hours) to 32
-- (128 bits). Releases stored under 12 keep them: a rollback may name them, and the state and the audit
-- refer to them. New releases are given 32 only; the service checks that.
alter table manifest_releases drop constraint manifest_releases_id_check;
alter table manifest_releases add constraint manifest_releases_id_check check (id ~ '^([0-9a-f]{32}|[0-9a-f]{12})$');
